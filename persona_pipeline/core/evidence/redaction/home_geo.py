"""A home's coordinates: a latitude and longitude pair a home word names.

A decimal pair is any pair of measurements; beside a word for where someone lives (home, house,
residence, domicile and their names in other languages) and precise enough to find a door (four
decimals or more: ~10 m), it is that person's address. The pair may be written `lat, lng`, as a
map link's `?q=lat,lng`, as `"lat": …, "lng": …` fields, or as two keys on consecutive lines
(`HOME_LAT=…` / `HOME_LON=…`): the two numbers within a short reach of each other, the first a
latitude (±90) and the second a longitude (±180). A pair with no home word before it (an office, a
data centre, a sensor) is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.evidence.redaction.spans import Span

# where someone lives, in English, German, French, Spanish/Portuguese/Italian, Dutch, the Nordic
# languages, Polish, Finnish, Hungarian (a key's word too: `home_location`, `HOME_LAT`, `homeGeo`)
_HOME_WORDS = (
    r"home|house|residen(?:ce|tial)|domicil(?:e|io|ium)|dwelling|where[ \t]i[ \t]live|wohnort|wohnung|"
    r"zuhause|maison|casa|hogar|vivienda|abita(?:zione)?|thuis|woning|woonplaats|hjem|bostad|koti|dom|lak\x7fs"
)
HOME = Rx(rf"(?i)(?:\b|_)(?:{_HOME_WORDS})(?:\b|_|(?-i:[A-Z]))")
# The home word labels the pair: it ends its key or label (`home:`, `"residence" =>`), or a word of a
# location follows it (`home_location`, `HOUSE_LAT`, `homeGeo`, `Wohnort (GPS)`); a home word before
# another word is something else's (`home_team_ratio`, `home directory size`, `house prices lat=…`). Polish `dom`
# only with a location word (`dom` is the DOM too: `dom: 12.3456, 45.1234 ms`).
# (read on the original text: the fold's DEL is any non-ASCII letter here)
_LOCATION = r"location|geo(?:location)?|gps|lat(?:itude)?|lng|lon(?:g|gitude)?|coords?|coordinates|pin|position"
_LABELS_PAIR = re.compile(
    r"(?i)_?(?:(" + _HOME_WORDS.replace("\\x7f", "[^\\x00-\\x7f]") + r")(?=\\?[\"']?[ \t]*(?:=>|[:=]))|"
    r"(?:" + _HOME_WORDS.replace("\\x7f", "[^\\x00-\\x7f]") + r")[ _-]?\(?(?:" + _LOCATION + r")(?-i:(?![a-z])))"
)
# a number followed by a unit is a measurement, no coordinate (`45.1234 ms`, `12.3456%`, `0.5123 px`)
_UNIT = re.compile(r"[ \t]*(?:%|(?:ms|s|ns|us|\u00b5s|px|em|rem|pt|sec|secs)\b)")
# a coordinate: a signed decimal with four to eight decimals
_COORD = re.compile(r"(?<![\w.])-?\d{1,3}\.\d{4,8}(?![\w.])")
_REACH = 80  # from the home word to the latitude
_PAIR_GAP = 40  # from the latitude to the longitude (a `, `, `","lng": `, a line break and a key)
# between the two numbers: separators, or the longitude's key (`"lng": `, `\nHOME_LON=`)
_BETWEEN = re.compile(r"(?i)[\s,;/\\\"'{}()\[\]:=]*(?:[a-z_]{0,12}(?:lng|lon|long|longitude)[\\\"']?[ \t]*[:=][ \t]*)?")


def home_coordinate_spans(text: str) -> Iterator[Span]:
    for ((a, b),) in HOME.finditer(text):
        named = _LABELS_PAIR.match(text, a)
        if named is None or (named[1] or "").lower() == "dom":
            continue
        lat = _COORD.search(text, b, b + _REACH)
        # (the home word labels the pair: a `:` or `=` between them, on one line or a key's next)
        if lat is None or "\n\n" in text[b : lat.start()] or not any(c in text[b : lat.start()] for c in ":="):
            continue
        lng = _COORD.search(text, lat.end(), lat.end() + _PAIR_GAP)
        if lng is None or _BETWEEN.fullmatch(text, lat.end(), lng.start()) is None:
            continue
        if _UNIT.match(text, lng.end()) is not None:
            continue
        if abs(float(lat[0])) <= 90 and abs(float(lng[0])) <= 180:
            yield Span(lat.start(), lat.end(), "geolocation")
            yield Span(lng.start(), lng.end(), "geolocation")
