"""Corpus-independent lexical similarity and stance of rule statements (the fold's grouping).

- Tokens: content words (closed-class words dropped), lightly stemmed, cut to their first 6
  letters (a prefix match: "abbreviations" ~ "abbreviated", "summarise" ~ "summaries"); a word
  English does not know (a tool name, an identifier) is kept whole; compared, such a name meets
  its regular inflections and its spelling as two words ("hotfixes" ~ "hotfix" ~ "hot fix",
  `_name_forms`), unless the stem or the closed spelling is itself an English word.
- Weights: general-English rarity, (7 − Zipf)^1.5 / √7 (wordfreq 3.1.1, `data/en_zipf.tsv.gz`; a
  word it does not list — a tool name, an identifier — weighs 7, "stick" 1.2, "use" 0.5),
  so two wordings that share "polars" are close and two that share "use" are not.
- Similarity: weighted Dice of the token sets; a token the other wording says with a general-English
  synonym (WordNet 3.0, main senses only: `thesaurus`, `data/en_synonyms.tsv.gz`) counts as shared
  at the commoner word's weight, when the two also agree on another word ("brief answers" ~ "short
  replies"; "commit early" is not "dedicate a section").
- Stance: which rare tokens a statement prefers and which it rejects, by negation scope
  ("X, not Y", "X instead of Y", "don't …", "no …", "I don't like …", "moved off X", "replaced X
  with Y"); a condition ("no X without Y", "don't … until Y") turns what follows it positive; a
  judgement ("X is not ok", "X makes me uneasy", "I find X distracting", "I hate X") leans by the
  general-English valence of its words (VADER lexicon, `data/en_valence.tsv.gz`).
- Quoted mentions are examples ("'initialise' not 'initialize'"), and the words of liking
  ("prefer", "stick with", "rather") say how a stance is put: neither counts as content.
Synonymy is a word's, not a phrase's: "keep it brief" and "be concise" share one synonym and
nothing else, so they are not grouped (an embedding model would be needed for that; none is used).
"""

from __future__ import annotations

import gzip
import math
import re
import unicodedata
from functools import lru_cache
from importlib import resources

from persona_pipeline.persona.digest import script, thesaurus, tongues
from persona_pipeline.persona.digest.lexicon import STOP, _stem
from persona_pipeline.persona.digest.reading import (
    AUX,
    BARE_SUBJECT,
    CONJUNCTIONS,
    DEFINITE,
    NO_AUXILIARY,
    PREPOSITIONS,
    RETIRING,
    SUBJECT_PRONOUNS,
    SUBSTITUTED_VERBS,
    SUPPLANTING_VERBS,
    _is_past,
    clause_force,
    reversal,
)
from persona_pipeline.persona.digest.reading import _aside as aside
from persona_pipeline.persona.digest.reading import _base_verbs as base_verbs

PREFIX = 6
EXPONENT = 1.5


def _w(zipf_value: float) -> float:
    return max(0.0, 7.0 - zipf_value) ** EXPONENT / 7.0 ** (EXPONENT - 1)


RARE = _w(4.0)  # a word at Zipf ≤ 4 (rarer than ~1 in 100,000 words): names a thing
NAME = _w(3.0)  # Zipf ≤ 3 (rarer than one in a million words): a tool's name more than a word
# a word of another script (a bigram of a spaceless one): a mid-frequency word's weight (Zipf 4.5,
# ~1 in 30,000 words, ≈ 1.5), below RARE, so sharing one such word never reads as sharing a name
NEUTRAL = _w(4.5)
NAMED = _w(5.0)  # Zipf ≤ 5: common enough for "requests", rare enough to leave out "test", "use", "small"
_CLOSED = (
    STOP
    | AUX
    | DEFINITE
    | PREPOSITIONS
    | SUBJECT_PRONOUNS
    | frozenset(
        [
            "me",
            "us",
            "him",
            "them",
            "my",
            "our",
            "your",
            "their",
            "mine",
            "ours",
            "yours",
            "a",
            "an",
            "some",
            "any",
            "every",
            "each",
            "all",
            "both",
            "either",
            "neither",
            "none",
            "nothing",
            "something",
            "anything",
            "everything",
            "not",
            "no",
            "nor",
            "never",
            "always",
            "ever",
            "also",
            "just",
            "only",
            "very",
            "really",
            "quite",
            "much",
            "many",
            "more",
            "most",
            "less",
            "least",
            "few",
            "lot",
            "lots",
            "please",
            "thanks",
            "ok",
            "okay",
            "yes",
            "yeah",
            "hmm",
            "honestly",
            "actually",
            "here",
            "there",
            "now",
            "then",
            "when",
            "where",
            "why",
            "how",
            "what",
            "which",
            "who",
            "whom",
            "whose",
            "whether",
            "if",
            "unless",
            "until",
            "while",
            "though",
            "although",
            "because",
            "since",
            "so",
            "than",
            "too",
            "instead",
            "rather",
            "else",
            "again",
            "already",
            "still",
            "yet",
            "even",
            "maybe",
            "perhaps",
            "i'm",
            "i've",
            "i'd",
            "i'll",
            "we're",
            "we've",
            "we'd",
            "we'll",
            "you're",
            "you've",
            "you'd",
            "you'll",
            "it's",
            "that's",
            "there's",
            "let's",
            "dont",
            "doesnt",
            "isnt",
            "arent",
            "wont",
            "cant",
            "didnt",
            "im",
            "ive",
            "id",
            "anymore",
            # the words of the preference construction itself ("stick with X", "X is my go-to"): how
            # a stance is said, not what it is about
            "prefer",
            "prefers",
            "preferred",
            "stick",
            "go-to",
            "rather",
            "like",
            "love",
            "want",
            "wants",
            # "I'm a X person", "a big X fan": the construction, not what is preferred
            "person",
            "fan",
        ]
    )
) - {"done"}  # "done" names completion ("a task isn't done until …"), a content word here
# a quoted mention ("'initialise' not 'initialize'"): an example, not what the rule is about
_MENTION = re.compile(r"(?<![a-z])'[^'\n]{1,40}'(?![a-z])|\"[^\"\n]{1,40}\"")
_TOKEN = re.compile(r"[a-z0-9][a-z0-9_+#.\-]*[a-z0-9+#]|[a-z]")
_UTOKEN = r"[\p{L}0-9][\p{L}\p{M}0-9_+#.\-]*[\p{L}\p{M}0-9+#]|\p{L}\p{M}*"  # _TOKEN, letters of any script
# a file name: its name says what it is about ("changelog.md", "settings.json")
_FILE = re.compile(
    r"^(?P<base>[a-z][a-z0-9_-]*)\.(?:md|txt|rst|py|js|ts|tsx|jsx|go|rs|rb|java|sh|yaml|yml|toml|json|ini|cfg|lock|"
    r"html|css|sql|csv)$"
)


_VERSIONED = re.compile(r"^([a-z]{3,})\d+$")


@lru_cache(maxsize=1)
def _zipf() -> dict[str, float]:
    try:
        raw = resources.files("persona_pipeline.persona.digest").joinpath("data/en_zipf.tsv.gz").read_bytes()
    except (FileNotFoundError, OSError):  # without the table every word weighs the same
        return {}
    out: dict[str, float] = {}
    for line in gzip.decompress(raw).decode().splitlines():
        w, _, z = line.partition("\t")
        out[w] = float(z)
    return out


def zipf(word: str) -> float:
    return _zipf().get(word, 0.0)


@lru_cache(maxsize=1)
def _valence() -> dict[str, float]:
    """General-English valence of evaluative words (VADER lexicon, `data/en_valence.tsv.gz`)."""
    try:
        raw = resources.files("persona_pipeline.persona.digest").joinpath("data/en_valence.tsv.gz").read_bytes()
    except (FileNotFoundError, OSError):  # without the table no judgement is read
        return {}
    out: dict[str, float] = {}
    for line in gzip.decompress(raw).decode().splitlines():
        w, _, v = line.partition("\t")
        out[w] = float(v)
    return out


_NEGATION_WORD = re.compile(r"^(?:not|never|no|hardly|barely|nothing|[a-z]+n't)$")


def valence(text: str) -> float:
    """How good or bad a phrase says something is: the sum of its words' valence (a word after a
    negator within three words counts the other way: "not ok" < 0, "never fun" < 0)."""
    table = _valence()
    total, flip_left = 0.0, 0
    for w in re.findall(r"[a-z][a-z'-]*", text.lower().replace("’", "'")):
        if _NEGATION_WORD.match(w):
            flip_left = 3
            continue
        v = table.get(w)
        if v is None:  # "overrated": the valence of the word's morphology (negation_focus)
            from persona_pipeline.persona.digest.negation_focus import derived_valence

            v = derived_valence(w)
        total += -v if flip_left else v
        flip_left = max(0, flip_left - 1)
    return total


@lru_cache(maxsize=1)
def _by_prefix() -> dict[str, float]:
    """Zipf of the commonest listed word starting with each PREFIX-letter prefix."""
    out: dict[str, float] = {}
    for w, z in _zipf().items():
        if len(w) >= PREFIX and w.isalpha():
            k = w[:PREFIX]
            out[k] = max(out.get(k, 0.0), z)
    return out


@lru_cache(maxsize=1 << 16)
def weight(token: str) -> float:
    """Rarity of a token, from the commonest English word it may stand for."""
    if not token.isascii() and not script.latin(token):
        # general-English frequency says nothing of another script's words: a neutral weight (a
        # Latin-script word it does not list weighs as unknown, as the other words of its language do)
        return NEUTRAL
    z = _zipf()
    parts = token.split("-")
    if len(parts) > 1 and all(len(x) > 2 and _english(x) for x in parts):
        # a compound of English words ("user-facing", "force-pushing") is as rare as its parts
        # together, not an unknown name ("f-strings", "x86-only" stay names)
        return round(min(_w(0.0), sum(weight(_key(x)) for x in parts)), 3)
    forms = (token, token + "s", token + "e", token + "es", token + "ing", token + "ed", token + "y")
    common = max((z.get(f, 0.0) for f in forms), default=0.0)
    if len(token) == PREFIX and token.isalpha():  # a cut stem: "instal" stands for "install"
        common = max(common, _by_prefix().get(token, 0.0))
    # to the power 1.5: a tool name (unlisted, 7) outweighs a mid-frequency word ("stick",
    # "packages", ≈ 1.2) by six, so wordings of one rule group on what they name, not how they say it
    return round(max(0.05, _w(common)), 3)


def _english(word: str) -> str | None:
    """The listed English word `word` is a form of, if any: itself, an inflection the frequency
    list happens to lack ("annotate" beside "annotated"), or a negated adjective ("untyped" is
    about typing, as "unreadable" is about reading). None for a word English does not know."""
    z = _zipf()
    if word in z:
        return word
    if not word.isalpha() or len(word) < 4:
        return None
    # (never a shorter form: "polars" is a tool, not the plural of "polar")
    for form in (word + "s", word + "d", word + "ed"):
        if form in z:
            return form
    if word.startswith("un") and len(word) > 5:
        return _english(word[2:])
    return _inflected(word)


# the list holds English words down to a cut-off frequency, so a rarer inflection of a listed
# word ("ternaries", "abbreviating", "diffs") is missing from it and would read as a name
_INFLECTIONS = (("ies", ("y",)), ("ing", ("", "e", "-")), ("ed", ("", "e", "-")), ("es", ("",)), ("s", ("",)))
# a plural missing from the list is a plural only when its singular is itself rare: a common
# word's -s form that English hardly uses is a name ("polars" is a tool, not the plural of "polar")
PLURAL_BASE_MAX = 3.5


def _inflected(word: str) -> str | None:
    """The listed word an unlisted regular inflection is a form of: -ies, -ing, -ed (with a final
    "e" restored or a doubled consonant undone) and a rare word's -s/-es plural."""
    z = _zipf()
    for suffix, endings in _INFLECTIONS:
        if not word.endswith(suffix) or len(word) - len(suffix) < 3:
            continue
        stem = word[: -len(suffix)]
        for end in endings:
            undoubled = stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] else ""
            base = undoubled if end == "-" else stem + end
            if not base:
                continue
            # the base itself or a listed form of it ("abbreviate" is listed as "abbreviated")
            listed = next((f for f in (base, base + "s", base + "d", base + "ed") if f in z), None)
            if listed and (suffix not in {"s", "es"} or z[listed] <= PLURAL_BASE_MAX):
                return listed
    return None


def _key(word: str) -> str:
    """A word's token: an English word stemmed and cut to a prefix; a word English does not
    know (a tool, an identifier: polars, os.path) as it is. A stem that lost a final "e" the
    word has ("typed" -> "typ", beside "type") gets it back, so inflections share one token."""
    english = _english(word)
    if english is None:
        return word
    z = _zipf()
    if english.endswith("er") and len(english) >= 6:
        # an agent noun or comparative is its verb or adjective ("checker" ~ "check", "linter" ~
        # "lint", "faster" ~ "fast") when that is the commoner word ("number" is not "numb")
        base = english[:-2]
        for form in (base, base + "e", base[:-1] if base[-1] == base[-2] else ""):
            if len(form) >= 4 and z.get(form, 0.0) > z.get(english, 0.0):
                english = form
                break
    stem = _stem(english)
    if stem not in z and stem + "e" in z:
        stem += "e"
    cut = stem[:PREFIX]
    if cut != stem and cut in z and z[cut] > z.get(english, 0.0) + 1.0:
        # the prefix is a commoner word of its own ("singleton" is not "single"): keep the stem
        return stem
    return cut


class Tokens(frozenset[str]):
    """A statement's tokens, with what its name forms need of the sentence they came from: an
    inflection is split off a name only in an English sentence (`_name_forms`), and never read
    into a possessive (the tokeniser drops its "'s": "the rotor's" is one rotor, not "rotors")."""

    english: bool = True
    possessive: frozenset[str] = frozenset()


@lru_cache(maxsize=1 << 16)
def tokens(text: str) -> frozenset[str]:
    """The content tokens of a statement."""
    low = text.lower().replace("’", "'").replace("`", " ")
    unquoted = _MENTION.sub(" ", low)
    if unquoted != low and _TOKEN.search(unquoted):
        low = unquoted
    out = _tokens(low)
    english = tongues.english(text)
    possessive = out & frozenset(_key(m) for m in _POSSESSIVE.findall(low))
    if english and not possessive:
        return out
    marked = Tokens(out)
    marked.english, marked.possessive = english, possessive
    return marked


_POSSESSIVE = re.compile(r"\b([a-z][a-z-]*[a-z])'s\b")


def _tokens(low: str) -> frozenset[str]:
    # the irregular negative contractions first (Quirk et al. 1985, §3.23): "won't" is "will not",
    # "can't" "can not" — cut at "n't" they leave "wo" and "ca", which every such sentence shares
    low = re.sub(
        r"\b(?:(wo)|(ca)|(sha))n't\b", lambda m: "will not" if m[1] else "can not" if m[2] else "shall not", low
    )
    low = re.sub(r"'(?:s|re|ve|d|ll|m)\b", "", re.sub(r"n't\b", " not", low))
    # a semicolon inside a short word is spelling: "tl;dw" is "tldw"
    low = re.sub(r"\b([a-z]{1,4});([a-z]{1,4})\b", r"\1\2", low)
    if low.isascii():
        words = [w.strip(".-") for w in _TOKEN.findall(low)]
    else:  # letters of any script; spaceless runs as bigrams, other scripts truncated (script.py)
        found = script.compile_(_UTOKEN).findall(unicodedata.normalize("NFC", low))
        words = [p for w in found for p in script.segments(w.strip(".-"))]
    # a dotted identifier also names its parent ("os.path.join" ~ "os.path"), a file its name
    # ("CHANGELOG.md" ~ "changelog")
    words += [w.rsplit(".", 1)[0] for w in words if w.count(".") >= 2]
    words += [m.group("base") for w in words if (m := _FILE.match(w))]
    # a call names its function ("time.sleep" ~ "sleep"); a versioned name its name ("python3" ~
    # "python")
    words += [w.rsplit(".", 1)[1] for w in words if "." in w and not _FILE.match(w) and w.rsplit(".", 1)[1].isalpha()]
    words += [m.group(1) for w in words if (m := _VERSIONED.match(w))]
    # a hyphenated compound is also its parts ("force-pushing" ~ "force push") and, written
    # closed, one word ("trade-offs" ~ "tradeoffs"); its own weight is its parts' (`weight`)
    for i, w in enumerate(words):
        # a compound's plural is its singular ("f-strings" ~ "f-string"), as a word's is
        if (
            "-" in w.strip("-")
            and len(last := w.rsplit("-", 1)[-1]) > 3
            and last.endswith("s")
            and last[-2] not in "su"
        ):
            words[i] = w[:-1]
    for w in [w for w in words if "-" in w.strip("-")]:
        parts = [x for x in w.split("-") if x]
        words += [x for x in parts if len(x) > 1]
        if all(_english(x) for x in parts) and _english(joined := "".join(parts)):
            words.append(joined)
    # (another language's function words are no content either: "für", "mir" are rare in English)
    closed = _CLOSED if low.isascii() else _CLOSED | tongues.function_words(low)
    kept = (w for w in words if w and w not in closed and len(w) > 1 and not w.isdigit())
    return frozenset(k for k in (_key(w) if w.isascii() else script.key(w) for w in kept) if k)


# How a person frames a judgement, apart from what it judges: the first-person side of a copula
# ("untyped signatures are a pet peeve of mine", "my rule of thumb is …", "my shell is fish"),
# an effect on the speaker ("nested ifs drive me nuts", "X makes me nervous") and a verdict held
# "to me" / "for me" ("… feel unfinished to me", "… is a hard no for me").
_COPULA = re.compile(r"^(?P<a>.+?)\s+(?:is|are|was|were|'s|'re)\s+(?P<b>.+)$")
_SPEAKER = re.compile(r"\b(?:my|our|mine|ours|i|we|me|us|i'm|we're|i've|we've|i'd)\b")
# (a verb before "me", not a preposition: "check with me before adding …" is a request)
_EFFECT = re.compile(r"(?<=\w)\s+(?P<frame>(?P<verb>\w+)\s+me\b(?P<rest>.*))$")
_COORDINATED = re.compile(r"\b(?:and|or|then|but|to)$")
_VERDICT = re.compile(r"\s+(?P<frame>(?:is|are|feels?|looks?|seems?|reads?)\s+.*\b(?:to|for) me)$")


_SO = re.compile(r"^so\s+(?!that\b|far\b|much\b|many\b)")
# how a clause says what to do, as the reader tells it: not a judgement or a fact about something
_STATED = frozenset({"", "personal judgement", "judgement", "first-person standing fact", "first-person state"})


def _directs(clause: str) -> bool:
    """A consequence opened by "so" that says what to do: an imperative, a verbless phrase, a
    modal, a habit ("so keep it short", "so a changelog entry for anything public"), not a fact."""
    force, why = clause_force(_SO.sub("", clause))
    return force > 0 and why not in _STATED


_FRAME_CLAUSE = re.compile(r"[;.!?](?:\s+|$)|,\s+|\s+[—–-]\s+|:\s+")


@lru_cache(maxsize=1 << 16)
def topic(text: str) -> frozenset[str]:
    """The content tokens of what a statement is about: `tokens` without the words that frame the
    person's judgement (see above), so wordings of one rule group on their subject — "my shell is
    fish" with "I live in fish", not "untyped signatures are a pet peeve of mine" with "leftover
    print statements are my biggest pet peeve". A clause that is all frame keeps its words."""
    low = " ".join(text.lower().replace("’", "'").replace("`", " ").split())
    frame: set[str] = set()
    kept: set[str] = set()  # words the statement also uses outside any frame stay
    parts = [clause.strip(" .!?()") for clause in _FRAME_CLAUSE.split(low)]
    for i, c in enumerate(parts):
        if re.match(r"^(?:because|since)\b", c) or (_SO.match(c) and not _directs(c)):
            # the reason given for a rule ("…, because npm hoists"), or a consequence stated as a
            # fact ("my editor is helix, so vim-only keybindings confuse me"): why, not what
            frame |= tokens(c)
            continue
        if (
            i + 1 < len(parts)
            and _SO.match(parts[i + 1])
            and _directs(parts[i + 1])
            and (f := _STORY.match(c))
            and _is_past(f.group("verb"))
            and not reversal(c)
        ):
            # a story told as the reason for a consequence that says what to do ("we lost data to
            # X once, so Y before every migration"): why, not what (a standing state before "so"
            # — "I'm often on a metered link, so …" — may name what the rule is about, and stays)
            frame |= tokens(c)
            continue
        m = None
        if not re.match(r"^(?:i|we|you|please|just|don't|never|always|give|show|tell|let)\b", c):
            m = _COPULA.match(c)  # not the speaker's own habit nor a request to the agent
        if m and bool(_SPEAKER.search(m.group("a"))) != bool(_SPEAKER.search(m.group("b"))):
            side, other = (
                (m.group("a"), m.group("b")) if _SPEAKER.search(m.group("a")) else (m.group("b"), m.group("a"))
            )
            if tokens(other):
                frame |= tokens(side) | tokens(other)
                kept |= tokens(_head(other)) or tokens(other)
                continue
        if (
            (m := _VERDICT.search(c) or _EFFECT.search(c))
            and tokens(subject := c[: m.start()])
            # a verb coordinated with an imperative ("outline the draft and let me review") has no subject
            and not _COORDINATED.search(subject)
        ):
            # what is judged is the subject's head; where it is found ("… in a diff") is circumstance
            frame |= tokens(m.group("frame")) | tokens(subject)
            kept |= tokens(_head(subject)) or tokens(subject)
            if "verb" in m.groupdict() and m.group("verb") in PREPOSITIONS:
                # "me" as the one addressed ("check with me before adding a dependency"): what
                # follows it is what the statement is about, not an effect on the speaker
                kept |= tokens(m.group("rest"))
            continue
        kept |= tokens(c)
    whole = tokens(text)
    about = whole - (frame - kept)
    return about or whole


@lru_cache(maxsize=1 << 16)
def _mass(tokens: frozenset[str]) -> float:
    """The summed weight of a token set (a fold compares each wording with many others)."""
    return sum(weight(t) for t in tokens)


@lru_cache(maxsize=1 << 16)
def _with_senses(toks: frozenset[str]) -> tuple[tuple[tuple[str, thesaurus.Senses], ...], thesaurus.Senses]:
    """The tokens of a set the thesaurus lists, with their senses, and all their senses together
    (a fold compares each wording with many others: most pairs are told apart by the union)."""
    listed = tuple((t, ss) for t in sorted(toks) if (ss := thesaurus.senses(t)) != thesaurus.NONE)
    return listed, (
        frozenset().union(*(o for _, (o, _) in listed)),
        frozenset().union(*(n for _, (_, n) in listed)),
    )


def _synonym_credit(a: frozenset[str], b: frozenset[str], shared: frozenset[str]) -> dict[str, float]:
    """Per token of either side, not shared, that a synonym on the other side stands for
    (`thesaurus.synonyms`), the weight it is matched with: the commoner word's of the pair, so two
    wordings that say "small" and "little" are no closer than two that both say "small"."""
    xs, (oa, na) = _with_senses(a)
    ys, (ob, nb) = _with_senses(b) if xs else ((), (frozenset(), frozenset()))
    credit: dict[str, float] = {}
    if not (oa & ob or na & ob or oa & nb):
        return credit
    for x, (ox, nx) in xs:
        if x in shared:
            continue
        for y, (oy, ny) in ys:
            if y not in shared and (ox & oy or nx & oy or ox & ny):
                w = min(weight(x), weight(y))
                credit[x] = max(credit.get(x, 0.0), w)
                credit[y] = max(credit.get(y, 0.0), w)
    return credit


@lru_cache(maxsize=1 << 16)
def _parts(token: str) -> frozenset[str]:
    """The tokens of a hyphenated compound of content words ("error-handling" -> error, handling); empty
    for a word or a compound with a function word."""
    words = token.split("-")
    # only a compound of content words: with a function word its order is its sense ("read-only"
    # is not "only read")
    if len(words) < 2 or any(len(x) < 2 or x in _CLOSED or x.isdigit() for x in words):
        return frozenset()
    return frozenset(_key(x) for x in words)


def _spelled_apart(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """`a` with each compound of `b` whose parts `a` says as separate words: "error-handling" and
    "error handling", "code-review" and "code review" are one word spelled two ways; and with each
    name of `b` that `a` says in another form (`_name_forms`: "hotfixes" ~ "hotfix", "hot fix")."""
    extra = [t for t in b if t not in a and (p := _parts(t)) and p <= a]
    # both wordings English: a name said in another language's sentence is met as it is spelled
    split = getattr(a, "english", True) and getattr(b, "english", True)
    forms, possessive = _name_forms(a, split), getattr(b, "possessive", frozenset())
    extra += [
        t
        for t in b
        if t not in a
        and len(t) >= _NAME_MIN
        and ((stem := _name_stem(t) if split else "") or t) in forms
        # a possessive's noun meets the other side's name only as it is spelled, never as its stem
        and (stem or t not in possessive or t in _name_forms(a, False))
    ]
    return a.union(extra) if extra else a


# The tokeniser keeps a word English does not know whole (a tool, a coined term): its regular
# inflections and its spelling as two words are then different tokens ("kubectls", "hot fix").
_NAME_MIN = 5  # shorter names are too often other words' pieces ("ts" + "x")
_NAME_SUFFIXES = ("ies", "es", "s", "ing", "ed")


@lru_cache(maxsize=1 << 16)
def _name_stem(token: str) -> str:
    """A name English does not know without a regular inflection ("geotagged" ->
    "geotag"); '' for an English token or one with no such ending.
    Only whole names: a dotted or hyphenated identifier is left as it is."""
    if not token.isalpha() or len(token) < _NAME_MIN or _english(token) is not None:
        return ""
    for suffix in _NAME_SUFFIXES:
        stem = token[: -len(suffix)]
        if token.endswith(suffix) and len(stem) >= _NAME_MIN - 1:
            if suffix == "ies":
                stem += "y"
            if suffix in {"ing", "ed"} and len(stem) > 3 and stem[-1] == stem[-2]:
                stem = stem[:-1]  # a doubled consonant undone ("unwrapped")
            # a name that is an English word and an -s ("polars" is not "polar") is its own name
            return stem if _english(stem) is None else ""
    return ""


@lru_cache(maxsize=1 << 16)
def _name_forms(toks: frozenset[str], split: bool = True) -> frozenset[str]:
    """The forms under which a set's names can be met in another wording: each unknown name
    without its inflection, and each two tokens written closed ("tide gauge" -> "tidegauge",
    either order: a set keeps none), when the closed spelling is no English word."""
    out = {s for t in toks if (s := _name_stem(t))} if split else set()
    alpha = sorted(t for t in toks if t.isalpha() and len(t) >= 3)
    if len(alpha) <= 12:  # pairs grow with the square: a long wording names its compounds apart
        for x in alpha:
            for y in alpha:
                if x != y and _english(joined := x + y) is None:
                    out.add(joined)
    return frozenset(out)


def similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Weighted Dice of two token sets (rare tokens weigh most): a short and a long wording of one
    rule that share its tool name are close, however many other words the long one has. A token
    the other side says with a synonym counts as shared, at the commoner word's weight, when the
    two agree on another word as well."""
    if not a or not b:
        return 0.0
    a, b = _spelled_apart(a, b), _spelled_apart(b, a)
    shared = a & b
    credit = _synonym_credit(a, b, shared)
    if credit and len(shared) + min(len(credit.keys() & a), len(credit.keys() & b)) < 2:
        # a word's sense is set by its context: a synonym counts only beside another word the two
        # wordings agree on ("brief answers" ~ "short replies"), never alone ("commit early" is not
        # "dedicate a section", though "commit" can mean "dedicate")
        credit = {}
    if not shared and not credit:
        return 0.0
    top = max([weight(t) for t in shared] + list(credit.values()))
    both = sum(weight(t) for t in shared)
    if credit:  # each side's matched tokens, averaged (exact shares count once per side too)
        both += math.fsum(credit.values()) / 2
    dice = 2 * both / (_mass(a) + _mass(b))
    # one wording inside the other: "type hints everywhere" ⊂ "…, mypy runs in CI"
    if all(t in b or t in credit for t in a) or all(t in a or t in credit for t in b):
        dice = max(dice, 0.5) if both >= 1.0 else dice
    # sharing a word that names a thing (Zipf ≤ 4) counts for more than sharing its phrasing
    return min(1.0, dice * 1.5) if top >= RARE else dice


@lru_cache(maxsize=1 << 16)
def index_keys(toks: frozenset[str]) -> frozenset[str]:
    """Keys under which a token set is found by any set `similarity` may find near: its tokens and
    the concepts of their synonyms."""
    return toks.union(
        *(thesaurus.keys(t) for t in toks),
        (s for t in toks if (s := _name_stem(t))),  # met as the other side's name or its stem
        _name_forms(toks),
    )


def apart(preferred: frozenset[str], rejected: frozenset[str]) -> frozenset[frozenset[str]]:
    """The synonym pairs one statement sets against each other ("the stack, not the heap"): to the
    person they name different things, whatever general English says."""
    return frozenset(frozenset((x, y)) for x in preferred for y in rejected if thesaurus.synonyms(x, y))


def meets(
    a: frozenset[str] | set[str], b: frozenset[str] | set[str], distinct: frozenset[frozenset[str]] = frozenset()
) -> frozenset[str]:
    """The tokens of `a` that `b` holds, itself or by a synonym not in `distinct` (`apart`): a
    synonym of a rejected word is rejected ("be terse" and "don't be brief" disagree)."""
    return frozenset(
        t for t in a if t in b or any(thesaurus.synonyms(t, u) and frozenset((t, u)) not in distinct for u in b)
    )


def rare(toks: frozenset[str], at_least: float = RARE) -> frozenset[str]:
    """The tokens that name a thing (a tool, a practice): rare in general English."""
    return frozenset(t for t in toks if weight(t) >= at_least)


# --- stance -------------------------------------------------------------------------------------
# clause ends, and coordination: "stop guessing and ask a question" negates only the guessing
_CLAUSE = re.compile(
    r"[;.!?](?:\s+|$)|,\s+|\s+[—–-]\s+|:\s+|\s+\b(?:but|and|so|then)\b\s+"
    # full-width punctuation, and a comma written without a space in other scripts ("用X,别用Y")
    r"|[，、；：。！？]\s*|(?<=[^\x00-\x7f]),(?=\S)"
)
# the rejected side of a contrast ends where a phrase shared by both sides starts: in "a bullet
# list over paragraphs for summaries" only the paragraphs are rejected
_SCOPE_END = re.compile(r"\b(?:for|in|on|at|when|where|while|if|because|since|with|to|so|as)\b")
# what a clause prefers or rejects ends where its circumstances start: "f-strings for string
# formatting" prefers f-strings, "don't mock the database in tests" rejects no tests
_DOMAIN = re.compile(r"\b(?:for|in|when|where|while|if|because|since|so|as|during|inside|within)\b")


# a statement about its subject ("X makes me …", "X is …"): which way it leans is not grammar's to tell
_DECLARATIVE = re.compile(
    r"^\S+(?:\s+\S+){0,7}?\s+(?:is|are|was|were|'s|makes?|drives?|bothers?|gets?|looks?|seems?|feels?|has|have|"
    r"tends?|reads?)\b"
)
_FIRST_PERSON = re.compile(r"\b(?:we|our|ours|my|mine|us|i)\b")
_FEELING = re.compile(
    r"^(?:and\s+|so\s+|honestly\s+|actually\s+)*(?:i|we)\s+(?:really\s+|just\s+|also\s+|genuinely\s+)?"
    r"(?P<verb>hate|dislike|detest|loathe|despise|love|adore|enjoy|like|find|found|consider)\s+(?P<rest>.+)$"
)
# any other first-person verb in the present ("I reject X", "we ban X", "I trust X"): it leans by
# its own general-English valence when that is clear (VERB_VALENCE); a past tense is a story
_FIRST_VERB = re.compile(
    r"^(?:and\s+|so\s+|honestly\s+|actually\s+)*(?:i|we)\s+(?:really\s+|just\s+|also\s+|always\s+)?"
    r"(?P<verb>[a-z]+)\s+(?P<rest>.+)$"
)
VERB_VALENCE = 1.0
# the first person and a verb: in the past tense (`reading._is_past`) the clause tells a story
_STORY = re.compile(
    r"^(?:(?:and|so|but|honestly|actually)\s+)*(?:i|we)\s+(?:\w+ly\s+|just\s+|once\s+)?(?P<verb>[a-z]+)\b"
)
# a judgement: a subject of one to four words (not a person), a verb of being or of effect, and
# what is said of it
_JUDGEMENT = re.compile(
    r"^(?!(?:i|we|you|i'm|we're|you're|they|he|she|it|it's|that|this|there)\b)(?P<subj>\S+(?:\s+\S+){0,3}?)\s+"
    r"(?:is|are|was|were|'s|isn't|aren't|makes?|gets?|looks?|seems?|feels?|reads?|works?|bothers?|drives?)\s+"
    r"(?P<pred>.+)$"
)


def _head(clause: str) -> str:
    m = _DOMAIN.search(clause)
    return clause[: m.start()] if m and m.start() > 0 else clause


# a negated verb of ending or removing keeps its object (a double negative: "never stop using
# grammarly", "don't remove the comments", "we never dropped X"); a negated verb of change keeps what it
# would have left and rejects where it would have gone ("we never moved X to Y", "don't switch to Y").
# The verbs are the lemmas of WordNet 3.0's stop.v.03 (stop, discontinue, cease, give up, quit),
# remove.v.01, drop.v.05, abandon.v.01, discard.v.01 (throw out, throw away), ditch.v.01, retire.v.02,
# delete.v.01, omit.v.02 (skip, omit, leave out) and get rid of; change: switch.v.03, move.v.02,
# migrate.v.01, change.v.06, replace.v.01, substitute.v.01, trade.v.04 (swap).
_ENDING_VERBS = (
    r"stop(?:s|ped|ping)?|discontinu(?:e|es|ed|ing)|ceas(?:e|es|ed|ing)|quit(?:s|ting)?|drop(?:s|ped|ping)?|"
    r"remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|ditch(?:es|ed|ing)?|abandon(?:s|ed|ing)?|discard(?:s|ed|ing)?|"
    r"dump(?:s|ed|ing)?|retir(?:e|es|ed|ing)|omit(?:s|ted|ting)?|skip(?:s|ped|ping)?|"
    r"(?:give|gives|gave|given|giving) up|(?:get|gets|got|gotten|getting) rid of|"
    r"(?:throw|throws|threw|thrown|throwing) (?:out|away)|(?:leave|leaves|left|leaving) out|"
    r"(?:cut|cuts|cutting|rip|rips|ripped|ripping|tear|tears|tore|torn|tearing) out"
)
_CHANGE_VERBS = (
    r"switch(?:es|ed|ing)?|mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|chang(?:e|es|ed|ing)|replac(?:e|es|ed|ing)|"
    r"substitut(?:e|es|ed|ing)|swap(?:s|ped|ping)?|swop(?:s|ped|ping)?|trad(?:e|es|ed|ing)|exchang(?:e|es|ed|ing)"
)
# the verb's own inflections only: "not dropbox", "never droppers", "not quite" hold no verb (rev46c C1)
_DENIED = re.compile(
    r"^(?:please\s+)?(?:(?:we're|i'm|we are|i am|they're|are|am)\s+)?"
    r"(?:never|not|don'?t|do not|doesn'?t|does not|didn'?t|did not|haven'?t|have not|hasn'?t|"
    r"has not|won'?t|will not|no longer)\s+(?:ever\s+|really\s+|actually\s+|even\s+|once\s+|be\s+)?"
    rf"(?:(?P<end>{_ENDING_VERBS})|(?P<change>{_CHANGE_VERBS}))\b\s*(?P<obj>.*)$"
)
# where a change goes ("to Y", "onto Y", "for Y", "with Y", "over to Y"), after what it moves
_DESTINATION = re.compile(r"\b(?:over\s+)?(?:to|onto|into|for|with|in favou?r of)\s+")
_SOURCE = re.compile(r"^(?:away\s+)?(?:from|off)\s+")
_NEG_OPEN = re.compile(
    r"^(?:please\s+)?(?:don'?t|do not|never|no|not|avoid|stop|quit|skip|without|nor|no more|no longer|"
    # the comparative quantifiers of less ("less apologising", "fewer mocks") ask for less of it
    r"less|fewer)(?![\w-])(?!\s+than\b)"
)
# a contrast: what comes before is preferred ("X instead of Y", "X over Y", "X, never Y")
_CONTRAST = re.compile(
    r"(?<![\w-])(?:instead of|rather than|than|not|never(?!\s+[a-z]+(?:s|ed)\b)|no|without|no more|no longer)(?![\w-])"
    r"|\bover\b(?!\s+\d)"
)
# a negated predicate: its subject is only the topic ("tiny helpers don't need docstrings")
_NEG_PRED = re.compile(
    r"\b(?:don'?t|doesn'?t|do not|does not|isn'?t|aren'?t|can'?t|cannot|won'?t|shouldn'?t|hasn'?t|haven'?t|"
    # an auxiliary and a negator negate the predicate, not a contrast ("X has never gone well")
    r"(?:is|are|was|were|has|have|had|do|does|did|will|would|can|could|should|must)\s+(?:not|never)"
    # "never" before a finite verb negates it ("the index never returns anything"), not a contrast
    r"|never(?=\s+[a-z]+(?:s|ed)\b))\b"
)
_CONDITION = re.compile(r"\b(?:until|unless|without|before|except|only if)\b")
_NOT_BE = re.compile(r"\b(?:is|are|was|were) not\b")
# change of habit: what was left is rejected, what replaced it preferred
_MOVED_OFF = re.compile(
    # (what moved may be named first: "we moved the service off X")
    r"\b(?:switched|moved|migrated|changed)\s+(?P<what>(?:the|our|my|all|every|each)\s+(?:[\w-]+\s+){1,3}?)?(?:away\s+)?"
    r"(?:from|off)\s+"
    r"(?P<old>.+?)(?:\s+(?:to|for)\s+(?P<new>.+))?$"
)
# what is being retired ("X is being deprecated"): its subject is rejected
_RETIRED = re.compile(r"^(?P<old>.+?)\s+" + RETIRING.pattern[2:])
# verbs of substitution: the lemmas of WordNet 3.0's replace.v.01, substitute.v.01 and trade.v.04
# (replace, substitute, exchange, trade, swap, swop) in the past. "replaced X with Y" leaves X; so does
# "swapped X (out) for Y"; "substituted Y for X" names the new thing first (the verb's own grammar)
_REPLACED = re.compile(
    rf"\b(?:{SUBSTITUTED_VERBS})\s+(?P<old>.+?)\s+(?:out\s+)?(?:with|for)\s+"
    r"(?P<new>.+)$"
)
# the passive: "X got replaced by Y", "X has been swapped out for Y" — the subject is what was left
_REPLACED_BY = re.compile(
    r"^(?!(?:i|we|you|he|she|they|it|me|us|him|her|them)\s)(?P<old>[^,]+?)\s+"
    r"(?:got|was|were|has been|have been|is being|are being)\s+"
    r"(?:replaced|supplanted|superseded|swapped out|swopped out|traded|exchanged)\s+(?:by|with|for)\s+(?P<new>.+)$"
)
# the idiom of fashion (OED "out" adj., "in" adj.: no longer / now in use): "X is out, Y is in",
# "out with X, in with Y" — read only as a pair, so "the butter is out of the fridge" or "the beans
# are in" alone say nothing
_OUT = re.compile(r"^(?:(?P<x>.+?)\s+(?:is|are|'s|'re)\s+out|out\s+with\s+(?P<y>.+))$")
_IN = re.compile(r"^(?:(?P<x>.+?)\s+(?:is|are|'s|'re)\s+in|in\s+with\s+(?P<y>.+))$")


def _out_in(clauses: list[str]) -> tuple[str, str] | None:
    """(what is out, what is in) when one clause says a thing is out and another that one is in."""
    outs = [m.group("x") or m.group("y") for c in clauses if (m := _OUT.match(c))]
    ins = [m.group("x") or m.group("y") for c in clauses if (m := _IN.match(c))]
    return (outs[0], ins[0]) if outs and ins else None


# a clause made negative before its verb: a negative quantifier subject (Quirk et al. 1985 §10.58:
# nobody, no one, none, neither, nothing) or a negative or approximate-negative adverb (§10.62:
# never, not, hardly, scarcely, barely) — "none of us replaced X with Y" denies the change
_NEGATIVE_SUBJECT = re.compile(r"^(?:nobody|no one|none|neither|nothing)\b")
_NEGATIVE_BEFORE = re.compile(r"\b(?:never|not|hardly|scarcely|barely|[a-z]+n't)\b")


def _denied_before(clause: str, at: int) -> bool:
    return bool(_NEGATIVE_SUBJECT.match(clause) or _NEGATIVE_BEFORE.search(clause[:at]))


# a noun phrase before the verb of change names what moved ("the import scripts moved off X"):
# a determiner (Quirk et al. 1985 §5.10 central determiners) and up to three words, nothing else
_MOVER = re.compile(r"^(?:the|our|my|all|every|each)\s+(?:[\w-]+\s+){1,3}$")


# a place or purpose phrase closing a change names the part it is for ("… to Y on the landing page",
# "… with Y in the booking app", "… for Y for the night jobs"): a preposition of place or purpose
# (Quirk et al. 1985 §9.15ff, §9.64) and a determined noun phrase of up to three words
_FOR_PART = re.compile(r"\s(?:on|in|for)\s+(?P<part>(?:the|our|my|all|every|each)\s+[\w-]+(?:\s+[\w-]+){0,2})$")


def moved_part(text: str) -> frozenset[str]:
    """The content tokens of what a change of habit moved, when it names it ("we switched the import
    scripts from X to Y", "the import scripts moved off X", "we swapped X for Y on the import
    scripts": {import, scripts}); empty when the change names no part ("we switched from X to Y"),
    so it is about everything the old name did."""
    low = " ".join(text.lower().replace("’", "'").split())
    part: frozenset[str] = frozenset()
    for clause in _CLAUSE.split(low):
        c = re.sub(r"^(?:(?:and|so|then|also|actually|just|we|i)\s+)+", "", clause.strip(" .!?()"))
        if m := _MOVED_OFF.search(c):
            before = c[: m.start()]
            part |= tokens(m.group("what") or (before if _MOVER.match(before) else ""))
        elif not (m := _REPLACED.search(c)):
            continue
        if (new := m.group("new")) and (f := _FOR_PART.search(new)):
            part |= tokens(f.group("part"))
    return part


def substituted(text: str, at_least: float) -> tuple[frozenset[str], frozenset[str]]:
    """(what came in, what was left) of a substitution frame in one of the text's clauses — "Y
    replaced X", "X got replaced by Y", "we replaced X with Y" — read from the frame's arguments
    alone (no other reading of the clause), of words weighing `at_least`."""
    low = " ".join(text.lower().replace("’", "'").replace("`", " ").split())
    for clause in _CLAUSE.split(low):
        c = re.sub(r"^(?:(?:and|so|then|also|actually|just|we|i|we've|i've)\s+)+", "", clause.strip(" .!?()"))
        m = _REPLACED_BY.match(c) or _SUBSTITUTED_FOR.search(c) or _REPLACED.search(c)
        if m is None and (sup := _SUPPLANTED.match(c)) and not re.search(r"\bwith\b", sup.group("old")):
            m = sup
        if m is None:
            m = _DROPPED.search(c)
        if m and m.group("new") and not _denied_before(c, m.start() if m.start() else len(m.group("new"))):
            new, old = rare(tokens(_head(m.group("new"))), at_least), rare(tokens(m.group("old")), at_least)
            if new and old:
                return new, old
    return frozenset(), frozenset()


def out_and_in(text: str) -> bool:
    """ "X is out, Y is in": a change of habit said with the idiom of fashion."""
    low = " ".join(text.lower().replace("’", "'").replace("`", " ").split())
    pair = _out_in([c.strip(" .!?()") for c in _CLAUSE.split(low)])
    return pair is not None and bool(tokens(pair[0])) and bool(tokens(pair[1]))


_SUBSTITUTED_FOR = re.compile(r"\bsubstituted\s+(?P<new>.+?)\s+for\s+(?P<old>.+)$")
# a thing that took another's place: "podman replaced docker", "Y has supplanted X" (WordNet's
# supplant.v.01: supplant, replace, supersede; and the phrasal verb "take over from", Oxford Learner's:
# "to begin to have control of or responsibility for something, replacing somebody/something else"). With "with"
# after the object the subject is an agent ("the airline replaced X with Y"), read by _REPLACED.
_SUPPLANTED = re.compile(
    BARE_SUBJECT
    # (no auxiliary or negator in the subject: "sage was never replaced by xero" is no supplanting)
    + rf"(?P<new>{NO_AUXILIARY}[^\s,]+(?:\s+{NO_AUXILIARY}[^\s,]+){{0,2}}?)\s+(?:has\s+|have\s+)?"
    rf"(?:{SUPPLANTING_VERBS})\s+"
    r"(?!(?:its|their|his|her|my|our|your)\b)(?P<old>[^,]+?)$"
)
# a change of habit told as a removal: "we dropped pandas for polars", "I ditched poetry"
_DROPPED = re.compile(
    r"\b(?:dropped|ditched|removed|abandoned|retired|ripped out|tore out|got rid of|"
    r"(?:(?<='re )|(?<='m )|(?<=are ))(?:dropping|ditching|removing|abandoning|retiring))\s+"
    r"(?P<old>.+?)(?:\s+(?:for|in favou?r of)\s+(?P<new>.+))?$"
)
# a verb of removal in its base form, and what it removes
_REMOVE = re.compile(
    r"(?:^|\b(?:you|to|please|just|rather|'d|would)\s+)(?:drop|remove|omit|ditch|skip|cut out|strip out|leave out|"
    r"get rid of)\s+(?P<obj>\S.*)$"
)


def denies_change(text: str) -> bool:
    """A clause that keeps a thing by denying its end or its change ("we never dropped X", "don't
    stop using X"): a double negative, which a plain statement of the same says more clearly."""
    low = " ".join(text.lower().replace("’", "'").replace("`", " ").split())
    return any(
        _DENIED.match(re.sub(r"^(?:(?:and|so|then|also|actually|just|we|i)\s+)+", "", c.strip(" .!?()")))
        for c in _CLAUSE.split(low)
    )


def stance(text: str, at_least: float = RARE) -> tuple[frozenset[str], frozenset[str]]:
    """(tokens preferred, tokens rejected) of a statement, of tokens weighing `at_least`."""

    def rare(toks: frozenset[str]) -> frozenset[str]:
        return frozenset(t for t in toks if weight(t) >= at_least)

    pos: set[str] = set()
    neg: set[str] = set()
    low = " ".join(text.lower().replace("’", "'").replace("`", " ").split())
    split = _CLAUSE.split(low)
    if pair := _out_in([c.strip(" .!?()") for c in split]):
        neg |= rare(tokens(pair[0]))
        pos |= rare(tokens(pair[1]))
        split = [c for c in split if not (_OUT.match(c.strip(" .!?()")) or _IN.match(c.strip(" .!?()")))]
    for n, clause in enumerate(split):
        c = re.sub(r"^(?:(?:and|so|then|also|actually|just|we|i)\s+)+", "", clause.strip(" .!?()"))
        if not c:
            continue
        if not text.isascii() and tongues.negated(c, text):
            neg |= rare(tokens(_head(c)))  # a negator of another language (digest/tongues)
            continue
        if f := _FEELING.match(clause.strip(" .!?()")):
            # a first-person verb of liking or disliking ("I hate X", "we can't stand X"), or of
            # finding ("I find X distracting"): its valence, in general English, says which way
            verb, rest = f.group("verb"), f.group("rest")
            v = valence(verb) if verb not in {"find", "found", "consider"} else valence(rest)
            if abs(v) >= 0.5:
                (pos if v > 0 else neg).update(rare(tokens(_head(rest))))
                continue
        if (f := _FIRST_VERB.match(clause.strip(" .!?()"))) and not f.group("verb").endswith("ed"):
            v = valence(f.group("verb"))
            if abs(v) >= VERB_VALENCE:
                (pos if v > 0 else neg).update(rare(tokens(_head(f.group("rest")))))
                continue
        if m := _RETIRED.match(c):
            neg |= rare(tokens(m.group("old")))
            continue
        if d := _DENIED.match(c):
            obj = re.sub(r"^(?:using|doing|having|writing|running|making)\s+", "", d.group("obj"))
            if d.group("end"):
                # the means of the ending is what is refused: "don't skip hooks with --no-verify"
                # keeps the hooks and rejects --no-verify
                means = re.search(r"\b(?:with|by|using|via|through)\b", obj)
                pos |= rare(tokens(_head(obj[: means.start()] if means else obj)))
                if means:
                    neg |= rare(tokens(_head(obj[means.end() :])))
            else:
                to = _DESTINATION.search(obj)
                kept, went = (obj[: to.start()], obj[to.end() :]) if to else (obj, "")
                if src := _SOURCE.match(kept):  # "never switched from X (to Y)": X kept
                    kept = kept[src.end() :]
                pos |= rare(tokens(kept))
                neg |= rare(tokens(_head(went)))
            continue
        if m := _REPLACED_BY.match(c):
            neg |= rare(tokens(m.group("old")))
            pos |= rare(tokens(_head(m.group("new"))))
            continue
        if (m := _SUPPLANTED.match(c)) and not re.search(r"\bwith\b", m.group("old")):
            # the subject took the object's place: only between two names (a tool for a tool), so
            # "the new hire replaced the old intern" is no stance on either
            old_t, new_t = rare(tokens(m.group("old"))), rare(tokens(m.group("new")))
            if old_t and new_t:
                neg |= old_t
                pos |= new_t
                continue
        if m := _SUBSTITUTED_FOR.search(c):
            neg |= rare(tokens(m.group("old")))
            pos |= rare(tokens(m.group("new")))
            continue
        if (m := _REPLACED.search(c) or _DROPPED.search(c)) and _denied_before(c, m.start()):
            # "nobody replaced tabs with spaces": the change denied keeps the old side
            pos |= rare(tokens(m.group("old")))
            neg |= rare(tokens(_head(m.group("new") or "")))
            continue
        if m := _MOVED_OFF.search(c) or _REPLACED.search(c) or _DROPPED.search(c):
            neg |= rare(tokens(m.group("old")))
            pos |= rare(tokens(m.group("new") or ""))
            pos |= rare(tokens(c[: m.start()]))
            continue
        if (f := _STORY.match(clause.strip(" .!?()"))) and _is_past(f.group("verb")) and not reversal(clause):
            continue  # "I got burned by a force push once": a story, no preference either way
        if (r := _REMOVE.search(c)) and not _CONDITION.search(c):
            # a verb of removal governs its object: "I'd rather you drop the preamble" rejects
            # the preamble, as "no preamble" does; what precedes it is no preference
            neg |= rare(tokens(_head(r.group("obj"))))
            continue
        if n and c.startswith("without ") and not any(_NEGATION_WORD.match(w) for w in " ".join(split[:n]).split()):
            # a trailing "without"-phrase after a positive clause ("keep pagination, without
            # infinite scroll"): the absence it names is asked for, "and not X". After a negated
            # clause ("never deploy, without a rollback plan") or fronted ("without a review,
            # don't merge") it is a condition: below (rev49c S4)
            neg |= rare(tokens(_head(c)))
            continue
        if _NEG_OPEN.match(c):
            if cond := _CONDITION.search(c):
                # "don't commit until ruff passes", "no fix without a failing test": a condition on
                # X, not a rejection of it; what it waits for is wanted
                pos |= rare(tokens(c[cond.end() :]))
            else:
                neg |= rare(tokens(_head(c)))
            continue
        if j := _JUDGEMENT.match(c):
            # a judgement of its subject ("X is not ok", "X makes me uneasy", "X reads better than
            # Y"): which way it leans is the valence of what is said of X, in general English
            pred = j.group("pred")
            than = re.search(r"\bthan\b", pred)
            v = valence(pred[: than.start()] if than else pred)
            if abs(v) >= 0.5:
                subject = rare(tokens(_head(j.group("subj"))))
                other = frozenset()
                if than:
                    rest = pred[than.end() :]
                    end = _SCOPE_END.search(rest)
                    other = rare(tokens(rest[: end.start()] if end else rest))
                (pos if v > 0 else neg).update(subject)
                (neg if v > 0 else pos).update(other)
                continue
        m = min((x for x in (_CONTRAST.search(c), _NEG_PRED.search(c)) if x), key=lambda x: x.start(), default=None)
        if m:
            head, tail = c[: m.start()], c[m.end() :]
            negated = m.re is _NEG_PRED
            if m.group(0) == "without" and (np := _NEG_PRED.search(tail) or _NOT_BE.search(tail)):
                # "a fix without a failing test isn't done": a double negative, a condition — what
                # "without" names is required
                pos |= rare(tokens(tail[: np.start()]))
                continue
            cond = _CONDITION.search(tail)
            if negated and not cond and abs(v := valence(tail)) >= 0.5 and head.strip():
                # a negated judgement of the subject ("guessing has never gone well", "a test
                # doesn't hurt"): the subject is rejected when what is denied of it is good
                (neg if v > 0 else pos).update(rare(tokens(_head(head))))
                continue
            if not negated:
                pos |= rare(tokens(_head(head)))
            if cond:
                pos |= rare(tokens(tail[cond.end() :]))
            elif not negated and (end := _SCOPE_END.search(tail)):
                neg |= rare(tokens(tail[: end.start()]))
            else:
                neg |= rare(tokens(tail))
            continue
        if _DECLARATIVE.match(c) and not _FIRST_PERSON.search(c):
            continue  # "sudo makes me uncomfortable", "x is off limits": a judgement, no stance read
        if n and aside(c):
            continue  # "use X, the Y index never returns anything": a reason beside the rule, no stance
        pos |= rare(tokens(_head(c)))
    return frozenset(pos - neg), frozenset(neg)


# --- actions and their objects ------------------------------------------------------------------
# Two rules of one facet often share their action and differ in what it acts on ("keep the kitchen
# tidy" / "keep the garage tidy", "water the tomatoes" / "water the lawn"): the words they share are
# most of each wording, so the similarity alone groups them. An imperative's verb and its direct
# object (the phrase after the verb, up to a preposition, a conjunction or another determiner) are
# read from English word order, and two wordings with one action and different objects, or one
# object and different uncommon actions ("sweep" / "mop the porch"), are two rules.
class Action(tuple[frozenset[str], frozenset[str]]):
    """(verbs, object tokens) of a statement's imperatives and norms. Compared as the pair; two
    readings beside it tell two claims about one thing apart from one claim said twice:
    `refused`, whether a clause an action was read from refuses what it names ("never …", "stop
    …", "I hate …"), and `heads`, the head of each object noun phrase (its last word: English noun
    phrases are head-final), what the action is about ("pin the X version" is about a version)."""

    refused: bool = False
    heads: frozenset[str] = frozenset()


def _action(
    verbs: frozenset[str], objects: frozenset[str], refused: bool = False, heads: frozenset[str] = frozenset()
) -> Action:
    out = Action((verbs, objects))
    out.refused, out.heads = refused, heads
    return out


NO_ACTION: Action = _action(frozenset(), frozenset())
# what opens a refusal: the negators of English grammar, the verbs of stopping `_ASPECT` reads, and
# the negative members of Levin's (1993) §31.2 "admire verbs"
_REFUSING = frozenset(
    {"never", "don't", "dont", "not", "no", "won't", "stop", "avoid", "quit", "hate", "dislike", "detest"}
)
_OBJECT_DET = DEFINITE | frozenset(
    {"a", "an", "my", "our", "your", "every", "each", "all", "any", "some", "no", "another", "both"}
)
# what may open an imperative before its verb: politeness, a frequency, a negation
_VERB_LEAD = frozenset({"please", "just", "always", "never", "also", "only", "then", "do", "don't", "dont", "not"})
# a verb of stopping or continuing whose -ing complement is the action ("stop leaving notes in …")
_ASPECT = frozenset({"stop", "avoid", "quit", "keep"})
_ACTION_CLAUSE = re.compile(
    r"[,;:.!?()]\s*|\s+[—–-]\s+|\b(?:and|but|so|then|or|because|since|unless|until|when|while|if|once)\b"
)
_ACTION_WORD = re.compile(r"[a-z][a-z0-9_+#'.-]*[a-z0-9+#]|[a-z]")
_NOT_A_VERB = _OBJECT_DET | PREPOSITIONS | AUX | SUBJECT_PRONOUNS | CONJUNCTIONS
_PERSONAL = SUBJECT_PRONOUNS | frozenset({"me", "us", "my", "our", "your", "their", "this", "that", "it"})
# a subject of one to four words, a modal of obligation, "be" and the state asked for
_NORM = re.compile(
    r"^(?:the\s+|all\s+|every\s+|each\s+|our\s+|my\s+)?(?P<subj>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)\s+"
    r"(?:should|must|needs?\s+to|has\s+to|have\s+to)\s+(?:always\s+|never\s+|not\s+)?be\s+(?P<state>.+)$"
)
# the same subject and modal with another verb: what the rule asks its subject to do ("the
# kiln logs should rotate every week"): the verb is the action, the subject its object
_NORM_DOES = re.compile(
    r"^(?:the\s+|all\s+|every\s+|each\s+|our\s+|my\s+|an?\s+)?(?P<subj>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)\s+"
    r"(?:should|must|shall|needs?\s+to|has\s+to|have\s+to)\s+(?:always\s+|never\s+|not\s+|only\s+)?(?P<verb>[a-z]+)\b"
)


# the speaker's own liking or wanting of a thing ("I want the kiln log short", "I'd rather debug X
# with Y"): the verb and its object stand as the rule's action. The verbs: the commonest members of
# Levin (1993, English Verb Classes and Alternations) §31.2 "admire verbs" and §32.1 "want verbs"
_SPEAKER_VERB = re.compile(
    r"^(?:i|we)(?:(?:'d|\s+would)\s+rather\s+(?:not\s+)?(?P<do>[a-z]+)|\s+(?:really\s+|also\s+|always\s+)?"
    r"(?P<like>want|wants|like|prefer|love|hate|need|desire|dislike|detest|favou?r|enjoy))\b"
)
# "every <thing> needs <another>": a norm said with the verb of need (Levin 1993 §32.1)
_NEEDS = re.compile(
    r"^(?:the\s+|all\s+|every\s+|each\s+|our\s+|my\s+|an?\s+)?(?P<subj>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)\s+"
    r"(?P<verb>needs|need|requires|require)\s+(?!to\b)"
)


def _object_after(words: list[str]) -> list[str]:
    """The words of the noun phrase opening `words` (after one determiner), up to a preposition,
    a conjunction, an auxiliary or another closed-class word."""
    j = 1 if words and words[0] in _OBJECT_DET else 0
    k = j
    while k < len(words) and words[k] not in _NOT_A_VERB and words[k] not in _CLOSED and not _adverb(words[k]):
        k += 1
    return words[j:k]


def _adverb(word: str) -> bool:
    """An adverb of manner made with -ly from an adjective ("locally", "quickly"): no noun phrase's
    word (English derivational morphology; the adjective is WordNet's, `thesaurus.state`)."""
    return len(word) > 4 and word.endswith("ly") and thesaurus.state(word[:-2])


def _np_head(phrase: list[str]) -> set[str]:
    """The head of a noun phrase: the token of its last word that has one."""
    for word in reversed(phrase):
        if toks := tokens(word):
            return set(toks)
    return set()


@lru_cache(maxsize=1 << 16)
def action(text: str) -> Action:
    """The verbs of a statement's imperative clauses that name their object, and those objects'
    content tokens (a pronoun or an elided object names none: "do it", "water them daily")."""
    if not tongues.english(text):
        return NO_ACTION
    low = " ".join(text.lower().replace("’", "'").replace("`", " ").split())
    low = _MENTION.sub(" quoted ", low)  # a quoted example stands in its phrase as one noun
    verbs: set[str] = set()
    objects: set[str] = set()
    heads: set[str] = set()
    refused = False
    for clause in _ACTION_CLAUSE.split(low):
        w = [x.strip(".-") for x in _ACTION_WORD.findall(clause)]
        found = len(verbs)
        said = " ".join(w)
        if m := _NORM.match(said):
            # a norm on its subject ("the kitchen should always be tidy"): the subject is what the
            # rule acts on, and the state it asks for stands as its action
            subject, state = tokens(m.group("subj")), tokens(m.group("state"))
            if subject and state and not set(m.group("subj").split()) & _PERSONAL:
                verbs |= {"be " + t for t in state}
                objects |= subject
                heads |= _np_head(m.group("subj").split())
        # after a modal comes a bare infinitive (a grammar's rule, not a verb list): any word but an
        # auxiliary or an -ly adverb is the verb; the norm acts on its subject
        elif (m := _NORM_DOES.match(said)) and m.group("verb") not in AUX and not m.group("verb").endswith("ly"):
            if (subject := tokens(m.group("subj"))) and not set(m.group("subj").split()) & _PERSONAL:
                verbs.add(_key(m.group("verb")))
                objects |= subject | tokens(" ".join(_object_after(w[len(m.group(0).split()) :])))
                heads |= _np_head(m.group("subj").split())
        elif m := _NEEDS.match(said):
            if (subject := tokens(m.group("subj"))) and not set(m.group("subj").split()) & _PERSONAL:
                verbs.add("need")
                objects |= subject | tokens(" ".join(_object_after(w[len(m.group(0).split()) :])))
                heads |= _np_head(m.group("subj").split())
        elif m := _SPEAKER_VERB.match(said):
            verb = m.group("do") or m.group("like")
            phrase = _object_after(w[len(m.group(0).split()) :])
            if (obj := tokens(" ".join(phrase))) and verb not in AUX:
                verbs.add(_key(verb))
                objects |= obj
                heads |= _np_head(phrase)
        else:
            _imperative(w, verbs, objects, heads)
        # a refusal is the clause's own that gave an action ("I want X, no Y": the "no" is another's)
        refused = refused or (len(verbs) > found and bool(_REFUSING.intersection(w[:3])))
    if not verbs:
        return NO_ACTION
    return _action(frozenset(verbs), frozenset(objects), refused, frozenset(heads))


def _imperative(w: list[str], verbs: set[str], objects: set[str], heads: set[str]) -> None:
    """An imperative clause's verb, its object's tokens and head (added to the sets given)."""
    i = 0
    while i < len(w) and w[i] in _VERB_LEAD:
        i += 1
    led = i > 0
    if i + 1 < len(w) and w[i] in _ASPECT and w[i + 1].endswith("ing"):
        i, led = i + 1, True
    if i + 1 >= len(w) or w[i] in _NOT_A_VERB or _english(w[i]) is None:
        return
    if w[i].partition("'")[0] in SUBJECT_PRONOUNS:
        return  # a subject with its verb contracted ("i'm a big X fan"): no imperative
    j = i + 1
    if w[j] in _OBJECT_DET:
        j += 1
    elif not led and w[i] not in base_verbs():
        return  # no verb is known to open it: a verbless phrase ("plain words") or a subject
    start = j
    while j < len(w) and w[j] not in _NOT_A_VERB and w[j] not in _CLOSED:
        j += 1
    if j < len(w) and (w[j] in AUX or w[j] in SUBJECT_PRONOUNS):
        return  # the phrase was a subject ("docker compose up is how …")
    if obj := tokens(" ".join(w[start:j])):
        verbs.add(_key(w[i]))
        objects |= obj
        heads |= _np_head(w[start:j])


def _unmatched(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """The tokens of `a` that `b` says neither itself nor with a synonym."""
    return frozenset(t for t in a if t not in b and not any(thesaurus.synonyms(t, u) for u in b))


def different_rules(a: Action, ta: frozenset[str], b: Action, tb: frozenset[str]) -> bool:
    """Whether two wordings (their `action` and `topic` tokens) act on different things or act
    differently on one thing: one verb (or synonyms) whose objects each hold a word the other
    wording does not say ("keep the kitchen tidy" / "keep the garage tidy"), or one object and
    verbs that are all that differs, both uncommon and not synonyms ("sweep" / "mop the porch on
    sundays"; common verbs are how a rule is said: "write" / "add the tests first"). A wording
    without an object ("keep it tidy") is never apart: it may be either."""
    (va, oa), (vb, ob) = a, b
    if not (oa and ob):
        return False
    ta, tb = _spelled_apart(ta, tb), _spelled_apart(tb, ta)
    only_a, only_b = _unmatched(ta, tb), _unmatched(tb, ta)
    one_verb = bool(va & vb) or any(thesaurus.synonyms(x, y) for x in va for y in vb)
    if one_verb:
        return bool(only_a & oa and only_b & ob)
    if (
        only_a & oa
        and only_b & ob
        and meets(oa, ob)
        and not (meets(a.heads, ob) or meets(b.heads, oa))
        and not (a.refused and b.refused)
    ):
        # two actions on two parts of one thing ("pin the kiln firmware version" / "kiln logs
        # should rotate weekly"): what they share is the name the two rules are about, not one
        # claim (two refusals of one thing are one: "stop adding rye to the starter" / "I hate
        # rye starters"); when one's head noun is among the other's object words, both act on
        # that thing ("keep the tram tickets short" / "tram tickets should be brief": rev51c S1)
        return True
    return bool(
        oa & ob
        and only_a
        and only_b
        and only_a <= va
        and only_b <= vb
        and all(weight(t) >= RARE for t in only_a | only_b)
    )
