"""A generated value beside the word for "key", "password" or "token" in prose of any language.

"The key V fails", "V-ko gakoak ez du funtzionatzen", "V కీ పని చేయడం లేదు": the word that names
the value stands before it in head-initial languages and after it in head-final ones (Basque,
Turkish, Mongolian, the Dravidian and Ethiopic languages), maybe with one word between (a
particle, "called", "this"). The words are the dictionary translations of "key" (of a lock, a
cipher), "password" and "token" (Wiktionary's translation tables), in the scripts that separate
words with spaces (CJK labels are read by `secrets`' `intl_password` rule); a Latin-script word
may carry a short inflection (`gakoak`, `anahtarı`, `kulcsot`). Only a generated-looking value
counts (the caller's judge), so "the key point", "ключ от двери" stay prose; and a word names one
value, the nearest (a log line's tag before "key V" is not the key), under the policy the
key/value rules give a value their key word labels (a public or lookup key, a standard's test
data, an example: the caller's veto).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import lru_cache

from persona_pipeline.core.evidence.redaction.matching import Rx, fold
from persona_pipeline.core.evidence.redaction.spans import Span, line_start


def _words(spaced: str) -> tuple[str, ...]:
    return tuple(spaced.split())


_LATIN = _words(
    # key
    "key keys clave chave chiave clef cle schlussel sleutel nyckel nokkel nogle klucz klic kluc kljuc kulcs cheie "
    "anahtar avain voti atslega raktas lykill kunci susi ufunguo gakoa giltza clau allwedd acar kalit khoa "
    "ukhiye isitshixo senotlolo mabudi kokoro igodo celes slosilo eochair iuchair "
    # password
    "password passwort kennwort contrasena contrasenya senha parola wachtwoord losenord passord adgangskode "
    "haslo heslo jelszo geslo lozinka salasana sifre parool parole slaptazodis pasahitza nenosiri "
    "matkhau lykilord kupiasoz "
    # token, secret
    "token tokens jeton gettone secreto segredo segreto geheimnis sekret secretul "
    # the abbreviations people type for them (rare as substrings: `sec`, `tok`, `pass` would open the
    # gate on most texts)
    "pwd creds"
)
_OTHER = _words(
    # key: Cyrillic, Greek, Hebrew, Arabic, Persian, Urdu, Devanagari, Bengali, Gujarati, Gurmukhi,
    # Tamil, Telugu, Kannada, Malayalam, Sinhala, Thai, Lao, Khmer, Burmese, Georgian, Armenian,
    # Ethiopic (and "key" as Indic scripts spell the English word where it is no other word)
    "ключ кључ клуч түлхүүр кілт ачкыч калит κλειδί מפתח مفتاح کلید چابی कुंजी चाबी চাবি ચાવી કી ਕੁੰਜੀ "
    "சாவி விசை கீ తాళం కీ ಕೀಲಿ ಕೀ താക്കോൽ കീ යතුර กุญแจ คีย์ ກະແຈ កូនសោ သော့ გასაღები բանալի ቁልፍ መፍትሕ "
    # password, token
    "пароль парола лозинка нууц κωδικός סיסמה كلمة رمز گذرواژه पासवर्ड পাসওয়ার্ড પાસવર્ડ ਪਾਸਵਰਡ கடவுச்சொல் "
    "పాస్‌వర్డ్ ಪಾಸ್‌ವರ್ಡ್ പാസ്‌വേഡ് මුරපදය รหัสผ่าน ລະຫັດຜ່ານ ពាក្យសម្ងាត់ စကားဝှက် პაროლი գաղտնաբառ "
    "токен τεκμήριο טוקן टोकन"
)
_FOLD = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe"})
# a whole token (maybe in brackets or after a colon, maybe before closing punctuation) that may be a
# value: the judge decides. (`(?<!\S)` starts it at a token's start only, so the lazy run is linear.)
_CANDIDATE = re.compile(r"(?<![^\s(\[{:])([^\s\"'`<>()\[\]{}]{12,256}?)[.,;:!?)\]}\u3002\u1362\u0964]*(?=\s|$)")
_PUNCT = ".,;:!?()[]{}\"'`\u3002\u104b\u1362\u0964\u061f\u060c"
_HEX = re.compile(r"(?:0x)?[0-9a-fA-F]+")
_MIN_STEM = 5  # letters a word needs before an inflection may follow it
_MAX_GAP = 1  # words between the label and its value (a particle, "called", "this")


def _is_label(word: str) -> bool:
    if word.endswith((":", "=")) or "=" in word:
        return False  # (`password: V`, `key=V`: an assignment, the key/value rules' and their policies')
    word = word.strip(_PUNCT)
    if word in _OTHER_SET:
        return True
    folded = "".join(
        c for c in unicodedata.normalize("NFKD", word.lower().translate(_FOLD)) if not unicodedata.combining(c)
    )
    if len(folded) < 3 or not folded.isascii():
        return False
    # (an inflection only on a stem of five letters or more: a shorter one begins too many other
    # words, `clau` Claude and clause, `voti` voting, `cle` clean)
    return any(
        folded == w or (len(w) >= _MIN_STEM and folded.startswith(w) and len(folded) - len(w) <= 3)
        for w in _LATIN_BY_HEAD.get(folded[:2], ())
    )


_OTHER_SET = frozenset(_OTHER)
_LATIN_BY_HEAD: dict[str, tuple[str, ...]] = {}
for _w in _LATIN:
    _LATIN_BY_HEAD[_w[:2]] = (*_LATIN_BY_HEAD.get(_w[:2], ()), _w)


# "public" beside the word for key (or token) in the languages of the key words above: a public
# key names no secret ("clé publique V", "veřejný klíč V"). Each language's dictionary adjective
# (Wiktionary's translations of "public" for a public key), as a stem that takes its adjective
# endings only (`_ENDING_WORDS`: `publiczny`/`publicznego`, `öffentlicher`/`öffentlichen`), on the
# side of the noun that language puts it: before in the Germanic, Slavic, Baltic, Finnic, Turkic and
# Indic languages, Greek, Georgian and Armenian (Polish on either side); after in the Romance
# languages, Polish, Welsh, Irish, Basque, Albanian, Indonesian, Malay, Vietnamese, Swahili
# (`ufunguo wa umma`: after its particle), Hebrew, Arabic, Persian, Thai, Lao and Khmer. Latin-script
# stems are compared folded (`_fold_word`).
_PUBLIC_BEFORE = _words(
    "public pub publishable offentlich publiek openbar publik offentlig verejn javni javna javnog nyilvanos "
    "julki avalik publisk viesas viesasis viesoj opinber acik genel ochiq pampubliko publiczn "
    "открыт публичн відкрит публічн публичен јавни јавна јавног нийтийн ашық ачык δημόσι "
    "सार्वजनिक পাবলিক সর্বজনীন સાર્વજનિક ਜਨਤਕ பொது పబ్లిక్ ಸಾರ್ವಜನಿಕ പൊതു පොදු საჯარო հանրային ይፋዊ"
)
_PUBLIC_AFTER = _words(
    "publique publica publico pubblic publiczn gyhoeddus phoibli poibli publikoa publik awam cong umma "
    "womphakathi ציבורי عام العام عمومی สาธารณะ ສາທາລະນະ សាធារណៈ"
)
_PARTICLES = frozenset(("wa", "ya", "la", "de", "di"))  # (a linking particle before a following adjective)


def _fold_word(word: str) -> str:
    """A word lower-cased, its Latin letters stripped of their marks (`klíč` -> `klic`)."""
    return "".join(
        c for c in unicodedata.normalize("NFKD", word.lower().translate(_FOLD)) if not unicodedata.combining(c)
    )


# the adjective endings each Latin, Cyrillic and Greek stem above takes (folded), from its language's
# grammar: a stem followed by anything else is another word (Spanish `publicada` "published", Polish
# `publikacji` "of the publication"). A stem not listed here is a whole word, except in the other
# scripts, whose stems keep any ending (their words are compared as before).
_NOMINAL_PL = "y a e ego ej ych ym ymi emu"  # Polish and Czech/Slovak hard adjectives (folded)
_RU = "ый ая ое ые ого ой ому ым ом ых ыми ую ий ее ие его ей ему им ем их ими юю"
_UK = "ий а е і ого ої ому им ім их ими у ій ю"
_ENDING_WORDS: dict[str, str] = {
    "offentlich": "e er es en em",  # German strong/weak declension
    "publiek": "e",
    "openbar": "e",  # Dutch attributive -e
    "offentlig": "a t e",  # Swedish/Norwegian/Danish definite, neuter, plural
    "publisk": "a t e",
    "verejn": _NOMINAL_PL + " ou i ho mu",  # Czech/Slovak (veřejný, veřejného, veřejnou)
    "nyilvanos": "ak at",  # Hungarian plural, accusative
    "julki": "nen sen set sta sia sessa",  # Finnish julkinen and its cases
    "avalik": "u ud ku kud ut ke",  # Estonian
    "viesoj": "i",  # Lithuanian definite forms
    "opinber": "ur an a ir ar um s i t",  # Icelandic
    "publiczn": _NOMINAL_PL,
    "publique": "s",
    "publica": "s",
    "publico": "s",  # Spanish/Portuguese/Romanian plural
    "pubblic": "o a i he",  # Italian
    "publikoa": "k",  # Basque plural
    "открыт": _RU,
    "відкрит": _UK,
    "публічн": _UK,
    "публичн": _RU + " ия ият ата ото ите",  # (Bulgarian shares the stem: публична, публичния)
    "δημοσι": "ο ου α ας ες ων ος οι ε",  # Greek
}


_ENDINGS: dict[str, frozenset[str]] = {  # (folded as the words are: `ый` reads `ыи`)
    _fold_word(stem): frozenset(_fold_word(e) for e in endings.split()) for stem, endings in _ENDING_WORDS.items()
}


def _other_script(stem: str) -> bool:
    return not any("a" <= c <= "z" or "а" <= c <= "я" or "α" <= c <= "ω" or c in "іїєґ" for c in stem)


def _public(word: str, stems: tuple[str, ...]) -> bool:
    folded = _fold_word(word.strip(_PUNCT))
    for s in stems:
        if folded == s:
            return True
        if not folded.startswith(s):
            continue
        ending = folded[len(s) :]
        if s in _ENDINGS:
            if ending in _ENDINGS[s]:
                return True
        elif len(s) >= _MIN_STEM and _other_script(s):
            return True  # (a stem in another script keeps any ending)
    return False


def public_key(text: str, label: int, value: int | None = None) -> bool:
    """Whether the key word starting at `label` is qualified as public, in its language's order:
    the word before it (`öffentlicher Schlüssel`), or the word after it, maybe past a particle
    (`clé publique`, `ufunguo wa umma`). Only words on the label's line are read. With `value`
    (where the value starts), the key word judged is the one nearest it: an earlier key word
    qualified as public is contrasted away (`not the public key, the private key: V`)."""
    if value is not None:
        label = _nearest_key_word(text, label, value)
    ls = text.rfind("\n", 0, label) + 1
    le = text.find("\n", label)
    le = len(text) if le < 0 else le
    before = list(_WORD.finditer(text, max(ls, label - 40), label))
    if before and _public(before[-1][0], _PUBLIC_BEFORE_STEMS):
        return True
    after = list(_WORD.finditer(text, label, min(le, label + 80)))[1:3]
    if after and after[0][0].strip(_PUNCT).lower() in _PARTICLES and not after[0][0].endswith((":", "=")):
        after = after[1:]
    return bool(after) and _public(after[0][0], _PUBLIC_AFTER_STEMS)


def _nearest_key_word(text: str, label: int, value: int) -> int:
    """The start of the last key word between `label` and `value` (`label` if none)."""
    for w in _WORD.finditer(text, label, value):
        if w.start() > label and _is_label(w[0].rstrip(":=")):
            label = w.start()
    return label


_PUBLIC_BEFORE_STEMS = tuple(_fold_word(w) for w in _PUBLIC_BEFORE)
_PUBLIC_AFTER_STEMS = tuple(_fold_word(w) for w in _PUBLIC_AFTER)


_WORD = re.compile(r"\S+")
_REACH = 200  # characters searched each side of a value for its words (a word is short: linear)
# an assignment's operator standing alone after the word (`token = V`, `key := V`): the word is the
# assignment's key, the key/value rules' and their policies' (no prose label)
_OPERATORS = frozenset(("=", ":", ":=", "=>", "<-", "->", "::"))


def _value_like(word: str, generated: Callable[[str], bool]) -> bool:
    """Whether a whole word (its punctuation stripped) may be a value standing alone, or is one
    already redacted (a second pass reads the placeholder where the first saw the value)."""
    if "[REDACTED:" in word:
        return True
    value = word.strip(_PUNCT)
    return (
        len(value) >= 12
        and ":" not in value
        and "@" not in value
        and "=" not in value[:-2]
        and "\\" not in value
        and generated(value)
    )


# a label's number in a list of them (`#2`, `2.`, `2:`, `(2)`, `№2`)
_NUMBERING = re.compile(r"[(#\u2116]?\d{1,3}[.:)]?:?")
_ENGLISH = frozenset(("key", "keys", "password", "passwords", "token", "tokens", "secret", "secrets"))


def _english(text: str, label: int) -> bool:
    word = _WORD.match(text, label)
    return word is not None and word[0].strip(_PUNCT).lower() in _ENGLISH


def _reach(value: str) -> int:
    # (hex alone is a digest as often as a key: a commit's, a checksum's; only the word right beside
    # it names it)
    return 0 if _HEX.fullmatch(value) else _MAX_GAP


def _bound(
    words: list[tuple[int, int]], text: str, generated: Callable[[str], bool], gap: int, after: bool
) -> int | None:
    """The start of a label among `words` (one side of a value, nearest first) that names the value.
    A label names one value, the nearest: a value standing closer to it on its other side is its
    own. At equal distance the value after the label wins (a label before its value is how
    technical prose writes it in every language; a value before its label, the head-final reading,
    is taken when no value follows). `after`: the words stand before the value (it comes after the
    label)."""
    for i, (ws, we) in enumerate(words[: gap + 1]):
        between = text[words[i - 1][0] : words[i - 1][1]] if i else ""
        if i and not any(map(str.isalpha, between)) and _NUMBERING.fullmatch(between) is None:
            # (a sign between, `password ✓ V`: no word, a particle or "called", links them; a
            # numbering does, `Key #2: V`, `ключ 1: V`)
            return None
        if not after and i and text[words[i - 1][1] - 1] in ":;.":
            return None  # (`V DETAIL: Key …`: a clause ends between the value and a word after it)
        if not _is_label(text[ws:we]):
            continue
        beyond = words[i + 1 :]  # the words past the label, nearest to it first
        if not after and beyond and text[beyond[0][0] : beyond[0][1]] in _OPERATORS:
            continue  # `token = V`: an assignment's key, whose value follows it
        closer = i if after else i + 1
        if not any(
            _value_like(text[s:e], generated) and j <= _reach(text[s:e].strip(_PUNCT))
            for j, (s, e) in enumerate(beyond[:closer])
        ):
            return ws
    return None


def _line_before(text: str, ls: int) -> int:
    """Where the line before the one starting at `ls` starts."""
    return text.rfind("\n", 0, ls - 1) + 1


def _folded_word(word: str) -> str:
    """An ASCII RE2 pattern for a Latin word in a text's fold (`matching.fold`: a character outside
    ASCII is one DEL there, so `klíč` reads `kl\x7f\x7f` and `ß` stands for `ss`)."""
    out, i = [], 0
    while i < len(word):
        if word[i : i + 2] in ("ss", "ae", "oe"):
            out.append(f"(?:[{word[i]}\x7f][{word[i + 1]}\x7f]|\x7f)")
            i += 2
            continue
        out.append(f"[{word[i]}\x7f]")
        i += 1
    return "".join(out)


# where a label may stand: a Latin word in the fold, or a run of other characters (every other
# script's word is DELs there): a gate, one RE2 pass, before the per-value Python work
_GATE = Rx("(?i)" + "|".join(sorted({_folded_word(w) for w in _LATIN}, key=len, reverse=True)) + "|\x7f\x7f")


# The same words as ASCII text spells them: an all-ASCII label word holds one (its case aside).
_ASCII_LATIN = Rx("(?i)" + "|".join(sorted(_LATIN, key=len, reverse=True)))
_OTHER_CHARS = frozenset("".join(_OTHER))


@lru_cache(maxsize=4096)
def _label_char(c: str) -> bool:
    """Whether a non-ASCII character may stand in a label word: one of an `_OTHER` word's, or one
    `_fold_word` turns into ASCII letters or nothing (an accented letter, a ligature, a full-width
    letter, a combining mark). A word holding another is no label: its fold keeps a non-ASCII
    character, or (full-width punctuation, digits) puts a non-letter where a `_LATIN` word's
    letters must stand, so that word's letters are ASCII ones in the text (`_ASCII_LATIN`)."""
    if c in _OTHER_CHARS:
        return True
    folded = _fold_word(c)
    return folded.isascii() and (not folded or any(ch.isalpha() for ch in folded))


def _may_hold_label(text: str) -> bool:
    """False only where no word of the text (nor a piece of one) can be a label (`_is_label`): an
    all-ASCII word spells a `_LATIN` word, any other holds a `_label_char`. (`_fold_word` works
    character by character: lower-casing, the table and NFKD without its combining marks alike.)"""
    if text.isascii() or fold(text) is None or "\x1b" in text or _ASCII_LATIN.search(text) is not None:
        # (ASCII text: the gate below reads the same words; no fold, or one whose blanked control
        # sequences may hide a word's letter: the scan decides)
        return True
    return any(_label_char(c) for c in set(text) if c > "\x7f")


def _label_starts(text: str) -> list[int] | None:
    """Where the gate matched (sorted), or None where the text has no fold (read all of it)."""
    if fold(text) is None:
        return None
    return [spans[0][0] for spans in _GATE.finditer(text)]


def _window_end(text: str, g: int) -> int:
    """The end of a label's window: the end of the line after the label's (each within reach)."""
    whi = text.find("\n", g, g + _REACH)
    if whi < 0:
        return g + _REACH
    nxt = text.find("\n", whi + 1, whi + 1 + _REACH)
    return whi + 1 + _REACH if nxt < 0 else nxt


def _candidates(text: str, starts: list[int] | None) -> Iterator[re.Match[str]]:
    """The candidate values, read only around the gate's matches (a value's start lies within
    `_REACH` of a label's plus the longest value) and on their line (a label names a value on its
    own line, and a gate match lies in its label's word): linear in the text, not in its tokens."""
    if starts is None:
        yield from _CANDIDATE.finditer(text)
        return
    last = 0
    lo = hi = -1
    eol = -1  # the end of the line last read to (a candidate holds no line break: none crosses it)
    for g in [*starts, None]:
        if g is not None and lo >= 0 and g <= hi:
            # (a start inside the window merges with it, whatever its own window's start; its reach
            # ends at or before a line break the window ends at, so only a window ending elsewhere
            # can grow: the label starts are dense, `key` inside every `monkey`)
            hi = max(hi, _window_end(text, g))
            continue
        if g is not None:
            # (the line's ends looked for within the window only: linear on one long line; the
            # line before and the line after too: a value alone on its line, its label beside it)
            wlo = line_start(text, g, _REACH + 256)
            wlo = line_start(text, wlo - 1, _REACH) if wlo > 0 else wlo
            whi = _window_end(text, g)
            if lo >= 0 and wlo <= hi:
                hi = max(hi, whi)  # (overlapping windows merge)
                continue
        if lo >= 0:
            if hi >= eol:  # (found once per line: linear on one long line)
                eol = text.find("\n", hi)
                eol = len(text) if eol < 0 else eol
            # (the scan stops at the line's end: a window holding no candidate costs its line, not
            # the rest of the text)
            for m in _CANDIDATE.finditer(text, max(lo, last), eol):
                if m.start() > hi:
                    break
                last = m.end()
                yield m
        if g is not None:
            lo, hi = wlo, whi


def prose_key_spans(
    text: str, generated: Callable[[str], bool], vetoed: Callable[[str, int, int, int], bool] | None = None
) -> list[Span]:
    """Generated values within `_MAX_GAP` words of a key/password/token word on their line, each the
    value its label names (`vetoed(text, label_start, start, end)`: the caller's policy for a
    labelled value, a public key's or a standard's test data)."""
    out: list[Span] = []
    if not _may_hold_label(text):
        return out  # (exact: every span needs a word `_is_label` accepts; the gate below also opens
        # on any two non-ASCII characters, so on most non-English text)
    starts = _label_starts(text)
    if starts is not None and not starts:
        return out
    for m in _candidates(text, starts):
        a, b = m.span(1)
        if starts is not None:
            i = bisect_left(starts, a - _REACH)
            if i == len(starts) or starts[i] > b + _REACH:
                continue  # (no label word within reach)
        value = m[1]
        if ":" in value or "@" in value or "=" in value[:-2] or "\\" in value or not generated(value):
            # (a time stamp, a log's section marker, a URL, a pair: no value standing alone; a
            # backslash escape: the decoded view reads the value)
            continue
        ls = text.rfind("\n", 0, a) + 1
        le = text.find("\n", b)
        le = len(text) if le < 0 else le
        gap = _reach(value)
        # the words on the value's line each side, nearest first (three: a label at the gap's end,
        # and the words beyond it that may be the value it names)
        left = list(_WORD.finditer(text, max(ls, a - _REACH), a))[::-1]
        right = list(_WORD.finditer(text, m.end(), min(le, b + _REACH)))
        lw = [w.span() for w in left[: 2 * _MAX_GAP + 2]]
        rw = [w.span() for w in right[: 2 * _MAX_GAP + 2]]
        above = not lw and not rw and ls > 0
        if above:
            # a value alone on its line: the line before is its label (`Ключ API` / `V`), or the
            # line after it (`V` / `API-Schlüssel`)
            lw = [w.span() for w in list(_WORD.finditer(text, max(_line_before(text, ls), a - _REACH), ls))[::-1]]
            lw = lw[: 2 * _MAX_GAP + 2]
        below = not lw and not rw and le < len(text)
        if below:
            nle = text.find("\n", le + 1)
            rw = [w.span() for w in _WORD.finditer(text, le + 1, min(len(text) if nle < 0 else nle, b + _REACH))]
            rw = rw[: 2 * _MAX_GAP + 2]
        if lw and lw[0][1] == a:  # (a word glued to the value: an opening bracket, or a call's name)
            lw = lw[1:] if not text[lw[0][0] : a].strip(_PUNCT) else []  # `Token(V`: code, no prose label
        label = _bound(lw, text, generated, gap, after=True)
        if label is not None and above and ":" in text[_line_before(text, ls) : label]:
            # (a line that is a field, `key: words`, holds its own value: `untrusted comment:
            # signature from minisign secret key` heads a public signature, as `label_links` reads it)
            label = None
        if label is None and not any(c in ":;." for c in text[b : m.end()]):  # (`V: key …`: as above)
            label = _bound(rw, text, generated, gap, after=False)
            if label is not None and (not gap or below) and _english(text, label):
                # (English puts a modifier before its noun: hex before "key" is a compound, a
                # commit's digest before "key changes: …"; the head-final reading is other languages',
                # and an English heading under a value, `Key changes:`, labels what follows it)
                continue
        if label is not None and (vetoed is None or not vetoed(text, label, a, b)):
            out.append(Span(a, b, "api_key"))
    return out
