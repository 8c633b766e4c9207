"""A generated value beside the word for "key", "password" or "token" in prose of any language.

"The key V fails", "V-ko gakoak ez du funtzionatzen", "V కీ పని చేయడం లేదు": the word that names
the value stands before it in head-initial languages and after it in head-final ones (Basque,
Turkish, Mongolian, the Dravidian and Ethiopic languages), maybe with one word between (a
particle, "called", "this"). The words are the dictionary translations of "key" (of a lock, a
cipher), "password" and "token" (Wiktionary's translation tables), in the scripts that separate
words with spaces (CJK labels are read by `secrets`' `intl_password` rule); a Latin-script word
may carry a short inflection (`gakoak`, `anahtarı`, `kulcsot`). Only a generated-looking value
counts (the caller's judge), so "the key point", "ключ от двери" stay prose.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from persona_pipeline.core.evidence.redaction.spans import Span


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
    "token tokens jeton gettone secreto segredo segreto geheimnis sekret secretul"
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
    return any(folded.startswith(w) and len(folded) - len(w) <= 3 for w in _LATIN_BY_HEAD.get(folded[:2], ()))


_OTHER_SET = frozenset(_OTHER)
_LATIN_BY_HEAD: dict[str, tuple[str, ...]] = {}
for _w in _LATIN:
    _LATIN_BY_HEAD[_w[:2]] = (*_LATIN_BY_HEAD.get(_w[:2], ()), _w)


def prose_key_spans(text: str, generated: Callable[[str], bool]) -> list[Span]:
    """Generated values within `_MAX_GAP` words of a key/password/token word on their line."""
    out: list[Span] = []
    for m in _CANDIDATE.finditer(text):
        a, b = m.span(1)
        value = m[1]
        if ":" in value or "@" in value or "=" in value[:-2] or not generated(value):
            # (a time stamp, a log's section marker, a URL, a pair: no value standing alone)
            continue
        ls = text.rfind("\n", 0, a) + 1
        le = text.find("\n", b)
        le = len(text) if le < 0 else le
        # (hex alone is a digest as often as a key: a commit's, a checksum's; only the word right
        # beside it names it)
        gap = 0 if _HEX.fullmatch(value) else _MAX_GAP
        left = text[max(ls, a - 200) : a].split()[-(gap + 1) :]
        right = text[m.end() : min(le, b + 200)].split()[: gap + 1]
        if any(map(_is_label, left)) or any(map(_is_label, right)):
            out.append(Span(a, b, "api_key"))
    return out
