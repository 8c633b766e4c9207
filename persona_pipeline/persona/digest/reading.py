"""Reading a person's sentence: is it a standing rule, and which way round does it say it?

Closed-class English — pronouns, determiners, modals, negators, quantifiers, frequency and time
adverbials, calendar words, a few mental, malfunction and keeping verbs — plus the shape of the
text (question marks, paths, ticket ids, versions) and one general resource: the valence of
evaluative words (VADER lexicon, `similarity.valence`). No word here was chosen from a corpus
sentence.

A sentence is split into clauses (commas, dashes, semicolons); each clause is read for
- force: modal obligation (should, must, have to), habitual or scope adverbs (always, never,
  every time, by default), a negative directive ("don't …", "no …", "stop …ing"), a contrast
  ("X, not Y", "X instead of Y", "rather … than"), a first-person preference or standing fact
  ("I prefer", "I'm a X person", "my X is Y", "we X" in the present), a personal judgement
  ("… for me", "… to me", "… me nervous"), a universal quantifier anywhere ("before every
  commit"), a state to keep ("keep it short"), a comparative correlative ("the fewer … the
  better"), a judgement whose predicate has a clear valence ("raw SQL is fine"); a bare
  imperative or verbless phrase with only generic objects is weak force (it becomes a rule only
  if it recurs across sessions); one with a definite object only corroborates (`corroborates`);
- one-off markers: questions, deictic time ("yet", "today", "for now", "this time", "until
  Friday"), a deictic scope ("in this refactor", "for this ticket"), specific references (paths,
  branches, ticket ids, versions, sizes, file names), a description of something's behaviour (a
  definite subject with a frequency adverb, a past tense, or a malfunction word), the agent's
  current action ("you're …ing").
A standing choice of one thing for a slot ("my editor is X", "Y is the formatter now") is read as
an assignment (`assignment`): a newer reversal that fills the slot again supersedes the older one.
Any one-off marker makes the whole sentence "not a rule"; so does the absence of force.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from persona_pipeline.persona.digest import (
    change_reading,
    change_time,
    change_verdict,
    negation_focus,
    occasion,
    script,
    tongues,
)


def _present_fact(text: str) -> bool:
    from persona_pipeline.persona.digest.standing import present_fact

    return present_fact(text)


def _standing_inability(w: list[str], clause: str) -> bool:
    from persona_pipeline.persona.digest.inability import standing_inability

    return standing_inability(w, clause)


def _for_the_moment(text: str) -> str:
    from persona_pipeline.persona.digest.requests import for_the_moment

    return for_the_moment(text)


def _polite_request(text: str) -> bool:
    from persona_pipeline.persona.digest.requests import polite_request

    return polite_request(text)


def _valence(text: str) -> float:
    from persona_pipeline.persona.digest.similarity import valence

    return valence(text)


# a judgement of a subject that is not a person: "X is/are …", "X makes …", "X works …"
_JUDGEMENT = re.compile(
    r"^(?!(?:i|we|you|i'm|we're|you're|they|he|she|it|it's|that|this|there|these|those|the)\b)"
    r"(?P<subj>\S+(?:\s+\S+){0,3}?)\s+"
    r"(?:is|are|'s|makes?|make|looks?|look|seems?|seem|feels?|feel|reads?|read|works?|work)\s+(?P<pred>.+)$"
)

# "the fewer dependencies the better": a comparative correlative, a general judgement
_CORRELATIVE = re.compile(r"^the\s+(?:more|less|fewer|\w+er)\b.*\bthe\s+(?:better|worse|more|less|\w+er)\b")

# --- closed classes ---------------------------------------------------------------------------
SUBJECT_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "it", "they"})
FIRST_PERSON = frozenset({"i", "we", "my", "our", "i'm", "we're", "i've", "we've", "i'd", "we'd", "i'll", "we'll"})
DEFINITE = frozenset({"the", "this", "that", "these", "those", "its", "their", "his", "her"})
DEMONSTRATIVE = frozenset({"this", "these", "those"})
QUANTIFIERS = frozenset({"every", "each", "all", "any", "no", "most", "some", "many", "few", "both"})
PREPOSITIONS = frozenset(
    [
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "without",
        "from",
        "to",
        "of",
        "into",
        "onto",
        "over",
        "under",
        "about",
        "after",
        "before",
        "between",
        "through",
        "during",
        "against",
        "across",
        "around",
        "behind",
        "beyond",
        "near",
        "off",
        "out",
        "per",
        "since",
        "than",
        "until",
        "via",
        "within",
    ]
)
CONJUNCTIONS = frozenset({"and", "or", "but", "so", "if", "when", "while", "because", "although", "though", "unless"})
AUX = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "can",
        "could",
        "will",
        "would",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "isn't",
        "aren't",
        "wasn't",
        "weren't",
        "don't",
        "doesn't",
        "didn't",
        "hasn't",
        "haven't",
        "hadn't",
        "can't",
        "couldn't",
        "won't",
        "wouldn't",
        "shouldn't",
        "mustn't",
        "it's",
        "that's",
        "there's",
        "here's",
        "what's",
        "who's",
    ]
)
WH = frozenset({"what", "why", "how", "where", "when", "which", "who", "whom", "whose"})
MODAL = re.compile(
    r"\b(?:should(?:n't| not)?|must(?:n't| not)?|shall|ought to|(?:need|needs|have|has) to|had better|'d better)\b"
)
NEGATOR = re.compile(r"\b(?:not|never|no|nothing|none|nor|without|cannot|[a-z]+n't|no longer|no more)\b|\bnot\b")
# Adverbials of frequency and scope: the grammar of habits.
HABITUAL = re.compile(
    r"\b(?:always|never|ever|usually|normally|generally|typically|whenever|"
    r"every time|each time|any time|all the time|by default|in general|as a rule|no matter|"
    # a temporal clause about the agent in general: "before you commit", "when you summarise"
    r"(?:before|after|when|until|once|whenever) you)\b"
)
# A universal quantifier over a class inside a clause ("before every commit", "any new endpoint");
# not one of a definite set ("all the tests"), a time ("every time" is HABITUAL) nor an idiom of
# one occasion ("any idea", "all but the last four": all except)
UNIVERSAL = re.compile(
    r"\b(?:every|each)\s+(?!time\b|one\b)\w|\b(?:any|all)\s+(?!the\b|these\b|those\b|this\b|that\b|my\b|our\b|of\b|but\b|"
    r"your\b|it\b|them\b|day\b|night\b|idea\b|ideas\b|chance\b|luck\b)[a-z]"
)
# Adverbials that mark a change of habit: a newer statement with one supersedes older ones.
# (said without "now" — the point a change happened, a return with the alternative judged — they
# are read by `change_said`: digest/change_time)
REVERSAL = re.compile(
    r"\b(?:from now on|from here on|going forward|moving forward|henceforth|anymore|any more|no longer|"
    r"no more|these days|nowadays|instead now|now on)\b|\bnow\b(?!\s+on\b)(?=[\s,.;!]*$)|, now\b"
)
# Deictic time: about this moment or a date, not a habit.
_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|tomorrow|tonight|today|yesterday"
_MONTHS = change_time.MONTHS
_TIME_NOUNS = r"time|morning|afternoon|evening|night|week|month|quarter|year|sprint|release|iteration|cycle|round"
DEICTIC_TIME = re.compile(
    rf"\b(?:yet|still|today|tonight|tomorrow|yesterday|right now|just now|for now|at the moment|at this point|"
    rf"currently|so far|this (?:{_TIME_NOUNS})|last (?:{_TIME_NOUNS})|next (?:{_TIME_NOUNS})|"
    rf"(?:until|till|by|before|after|on|since) (?:next )?(?:{_DAYS}(?!s\b)|{_MONTHS})|(?:{_DAYS})(?:'s)?)(?!s\b)\b"
)
# A day of the calendar ("2026-05-01", "15 March", "March 15th", "the 3rd of June", "until the
# 30th"): a deadline or an appointment, one occasion. An ordinal after "the" is a date only when no
# noun follows it ("the 3rd attempt" is a count).
_MONTH_NAMES = r"january|february|march|april|june|july|august|september|october|november|december|"
_MONTH_NAMES += r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
CALENDAR_DATE = re.compile(
    rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_NAMES}|may)\b"
    rf"|\b(?:{_MONTH_NAMES})\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    r"|\bthe\s+\d{1,2}(?:st|nd|rd|th)(?=\s*(?:[,.;:!?)]|$)|\s+(?:of|and|or|but|so|when|to|at|on|in|for|we|i)\b)"
)
# the adverbials that open a standing arrangement: what is said with them holds from now on
FUTURE = re.compile(r"\b(?:from now on|from here on|going forward|moving forward|henceforth)\b")
# A scope pointed at ("in this refactor", "for this ticket", "on this stuff", "with these files"):
# the task at hand, not a habit. A standing place or kind is no task: "in this repo", "for this
# kind of change", "in this codebase" keep their force.
DEICTIC_SCOPE = re.compile(
    r"\b(?:in|on|for|with|during|to|from|under|across|within|throughout)\s+(?:this|these)\s+"
    r"(?!(?:repo|repos|repository|repositories|project|projects|codebase|codebases|code ?base|monorepo|team|teams|"
    r"company|org|organisation|organization|house|shop|workspace|language|languages|kind|kinds|sort|sorts|type|"
    r"types|way|ways|days)\b)[a-z]"
)
# Waiting for one event: "until Radomir has reviewed it", "till Mia's review is in" — a perfect
# or someone's named act after "until"; "until the tests pass" is a condition that recurs.
_AWAITED = re.compile(
    r"\b(?:until|till|before)\s+(?:\S+\s+){0,3}?(?:has|have|'s|'ve)\s+(?:been\s+)?[a-z]+(?:ed|en|wn|ne|ht)\b"
    r"|\b(?:until|till)\s+[A-Z][a-z]+'s\s"
)
# Specific things: a path or branch, a file name, a ticket or issue number, a version, a size.
SPECIFIC = re.compile(
    r"(?:^|[\s(`'\"])(?:[\w.-]+/[\w./<>-]+|/[\w-]+(?:/[\w.-]*)*)"  # src/x, release/x, /auth/done
    # a ticket key is written in capitals (ENG-123; its first letter may be lower-cased as a
    # sentence's): a lower-case word and a number ("us-east-2", "utf-16") is a name
    r"|(?-i:\b[A-Za-z][A-Z0-9]+-\d+\b)|#\d+\b"  # ENG-123, #123
    r"|\bv?\d+\.\d+(?:\.\d+)+\b|\bv\d+(?:\.\d+)?\b"  # 2.4.1, v2
    r"|\b\d+(?:\.\d+)?\s?(?:kb|mb|gb|tb|ms|am|pm)\b"  # 2MB, 800ms, 3am
    r"|\b(?:line|row|page|step|port|pid|issue|ticket|pr|build|run|migration|commit) #?\d+\b",
    re.IGNORECASE,
)
# One named file or function ("test_ledger.py", "init()"): a task's object when nothing else
# says the sentence is a habit ("tests should use fixtures in conftest.py" is one).
NAMED_CODE = re.compile(
    r"\b[\w-]+\.(?:py|js|ts|tsx|jsx|go|rs|rb|java|kt|c|h|cpp|cs|php|sh|yaml|yml|toml|json|ini|cfg|md|txt|"
    r"html|css|sql|lock|csv)\b|\b[a-z_][\w.]*\(\)|\b[a-z]+_[a-z0-9_]+\b|`[^`]+`",
    re.IGNORECASE,
)
# Words naming a malfunction: a clause about something with them reports a bug.
MALFUNCTION = re.compile(
    r"\b(?:bug|bugs|buggy|broken|breaks|broke|fails?|failed|crash(?:es|ed|ing)?|"
    r"wrong|flaky|glitch\w*|regress\w*|hangs?|hung|stuck|leaks?|leaking|missing|garbled|"
    r"(?:does|did|do)(?: not|n't) work|(?:isn't|is not|stopped|not) working|does nothing|off by)\b"
)
# Verbs of thinking and perceiving: "I think …" introduces an observation, not a habit.
MENTAL = frozenset(
    [
        "think",
        "thought",
        "guess",
        "suppose",
        "believe",
        "suspect",
        "wonder",
        "wondered",
        "noticed",
        "notice",
        "see",
        "saw",
        "hope",
        "feel",
        "felt",
        "know",
        "knew",
        "mean",
        "meant",
        "realised",
        "realized",
        "remember",
        "forgot",
        "tried",
        "assume",
        "assumed",
    ]
)
# Preference verbs of the first person (the lexical core of liking and disliking).
PREFER = re.compile(
    r"\b(?:prefer(?:s|red)?|like|likes|love|loves|hate|hates|dislike|dislikes|enjoy|want|wants|"
    r"(?:can't|cannot|can not) stand|don't mind|(?:would|'d) (?:rather|prefer|like)|rather|"
    r"(?:a|big|huge) fan of|person|stick (?:with|to)|go with)\b"
)
_PAST_IRREGULAR = frozenset(
    [
        "was",
        "were",
        "had",
        "did",
        "went",
        "got",
        "made",
        "said",
        "told",
        "found",
        "gave",
        "took",
        "came",
        "left",
        "put",
        "set",
        "wrote",
        "broke",
        "built",
        "sent",
        "kept",
        "ran",
        "began",
        "brought",
        "bought",
        "caught",
        "chose",
        "fell",
        "held",
        "lost",
        "paid",
        "sat",
        "sold",
        "spent",
        "stood",
        "threw",
        "woke",
        "forgot",
        # irregular pasts of the verbs of meaning and perception (Quirk et al. 1985, Appendix I.18)
        "meant",
        "saw",
        "knew",
        "understood",
        "heard",
    ]
)
_FILLER_WORDS = (
    r"no|nope|ok|okay|so|well|yeah|yes|hmm|actually|honestly|please|and|also|but|again|hey|right|oh|wait|stop"
)
# Filler a person wraps a statement in: trimmed from the rule, never inside it. "no"/"stop"/"wait"
# only as interjections (followed by a comma or full stop): "no print()" and "stop adding …" stay.
_LEAD_FILLER = re.compile(
    rf"^(?:(?:{_FILLER_WORDS})[,.!:;]+\s+|(?:ok|okay|so|well|yeah|yes|hmm|actually|honestly|please|and|also|but|"
    r"hey|oh)\s+)+",
    re.IGNORECASE,
)
_TAIL_FILLER = re.compile(r"(?:[\s,;:]+(?:please|thanks|thank you|honestly|pls))+[\s.!?]*$", re.IGNORECASE)
_CODE = re.compile(r"`[^`]*`")
# sentence ends, and the strong separators people use between a task and a rule ("— ", "; ")
# (after a full-width stop, or an ASCII "?"/"!" set straight before kana, Han or Hangul: "好吗?再试")
_SENTENCE = re.compile(
    r"(?<=[.!?])\s+(?=\S)|\n+|;\s+|\s+[—–]\s+|\s+-{1,2}\s+|(?<=[。！？；])\s*(?=\S)|(?<=[!?])(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])"
)
_CLAUSE = re.compile(r",\s+|\.\s+|\s+[—–]\s+|\s+-\s+|:\s+|\(|\)")
_WORD = re.compile(r"[a-z][a-z0-9_+#'.-]*[a-z0-9+#]|[a-z]", re.IGNORECASE)
_UWORD = r"\p{L}[\p{L}\p{M}0-9_+#'.-]*[\p{L}\p{M}0-9+#]|\p{L}\p{M}*"  # _WORD, letters of any script


# a field separator or an assignment ("Date;Payee;Amount", "KEY=value", "a|b"); a semicolon
# inside one short word ("tl;dw") is spelling, not a separator
_DATA = re.compile(r"[;|=]\S")
_WORD_SEMICOLON = re.compile(r"\b[a-z]{1,4};[a-z]{1,4}\b", re.IGNORECASE)


def _data(text: str) -> bool:
    return bool(_DATA.search(_WORD_SEMICOLON.sub("w", text)))


@dataclass(frozen=True)
class Reading:
    """What a sentence says, as far as grammar tells."""

    text: str  # the sentence, trimmed of filler (the person's own words)
    rule: bool  # a standing rule (strong force, or weak force to be confirmed by recurrence)
    strength: float  # 1.0 explicit (modal, habit, contrast, preference, negative directive), 0.5 weak
    why: str  # the deciding signal, for tests and debugging
    reversal: bool = False  # states a change of habit ("from now on", "we switched to …")
    # not a rule on its own, but generic enough to corroborate one said elsewhere in other words:
    # a bare imperative whose object is definite ("keep the diff small" beside "small diffs, always")
    corroborates: bool = False


def words(text: str) -> list[str]:
    if not text.isascii():  # letters of any script, spaceless runs as bigrams (digest/script.py)
        found = script.compile_(_UWORD, re.IGNORECASE).findall(unicodedata.normalize("NFC", text.replace("’", "'")))
        return [p for w in found for p in script.segments(w.strip("'."))]
    return [w.lower().strip("'.") for w in _WORD.findall(text)]


def _letters(text: str) -> int:
    n = sum(c.isalpha() or c == " " for c in text)
    # a combining mark is part of a letter (Devanagari vowel signs are marks)
    return n if text.isascii() else n + sum(unicodedata.category(c)[0] == "M" for c in text)


# A full stop that ends an abbreviation is no sentence end: a dotted initialism ("e.g.", "i.e.",
# "a.k.a.", "p.m."), or a common English abbreviation of a title or of a Latin/scholarly word
# (general usage, as style guides list them). "etc." ends a sentence before a capital.
_INITIALISM = re.compile(r"(?:^|(?<=[\s(\[\"'`]))(?:[a-z]\.){2,}$", re.IGNORECASE)
_ABBREVIATION = re.compile(
    r"(?:^|(?<=[\s(\[\"'`]))(?:mr|mrs|ms|mx|dr|prof|st|sr|jr|vs|cf|approx|incl|esp|resp|viz|fig|ca)\.$",
    re.IGNORECASE,
)
_ETC = re.compile(r"(?:^|(?<=[\s(\[\"'`,]))etc\.$", re.IGNORECASE)
_NUMBER_SIGN = re.compile(r"(?:^|(?<=[\s(\[]))no\.$", re.IGNORECASE)  # "No. 12", never "I said no."


def _abbreviation_stop(masked: str, m: re.Match[str]) -> bool:
    """Whether a separator `m` on one line follows an abbreviation's full stop, not a sentence's."""
    stop = m.start() if masked[m.start()] == "." else m.start() - 1  # the stop is in `m` or before it
    if stop < 0 or masked[stop] != "." or "\n" in m.group(0):
        return False
    tail, after = masked[max(0, stop - 11) : stop + 1], masked[m.end() : m.end() + 1]
    if _INITIALISM.search(tail) or _ABBREVIATION.search(tail):
        return True
    if _NUMBER_SIGN.search(tail):
        return after.isdigit()
    return bool(_ETC.search(tail)) and not after.isupper()


def _split(pattern: re.Pattern[str], text: str, strip: str | None = None) -> list[str]:
    """`text` cut at `pattern`'s separators outside `code` and not after an abbreviation."""
    masked = _CODE.sub(lambda m: "\x00" * len(m.group(0)), text)
    out, pos = [], 0
    for m in pattern.finditer(masked):
        if _abbreviation_stop(masked, m):
            continue
        out.append(text[pos : m.start()])
        pos = m.end()
    out.append(text[pos:])
    return [p.strip(strip) for p in out if p.strip(strip)]


def sentences(text: str) -> list[str]:
    """Sentences of a turn (never split inside `code`, nor after an abbreviation's full stop)."""
    return _split(_SENTENCE, text)


def clauses(sentence: str) -> list[str]:
    return _split(_CLAUSE, sentence, " .!?;:,")


# A clause giving the reason for another ("…, because npm always hoists", "…, since X changed",
# "…, otherwise Y"): subordinate, so what it describes is the justification, not the topic.
_REASON_OPEN = re.compile(r"^(?:because|cause|'cause|since|as otherwise|otherwise|or else)\b")
# "because" inside a clause opens one too ("use pnpm because npm always …"); it is never a preposition
_REASON_SPLIT = re.compile(r"\s+(?=(?:because|'cause)\s)")
# a coordinating "so" opening the clause after a reason: "X is how support finds out, so keep it updated"
_SO_OPEN = re.compile(r"^so\s+(?!that\b|far\b|much\b|many\b)")


# explicit force that is not a judgement of something: how a directive or a preference is said
_DIRECTIVE_FORCE = frozenset(
    {
        "modal",
        "habitual",
        "universal",
        "standing state",
        "procedure",
        "reversal",
        "negative directive",
        "contrast",
        "first-person preference",
        "first-person habit",
        "first-person state",
        "preference",
        "second-person modal",
    }
)


def _directs(clause: str) -> bool:
    """A clause that says what to do or what the person prefers: an imperative, or explicit force
    that is not a judgement ("I'm a X person", "no X", "X, not Y") — not a statement about a thing
    ("X ignores the config file")."""
    w = words(clause)
    if not w or _subject(w) == "definite":
        return False
    force, why = _clause_force(clause)
    return why in _DIRECTIVE_FORCE or (force > 0 and w[0] in _base_verbs())


NOT_A_SUBJECT_WORDS = frozenset(
    {"so", "and", "but", "or", "then", "just", "please", "let", "let's", "don't", "dont", "never", "no", "not", "if"}
)
# a finite verb of being, keeping or a past: "the old scheduler was a pain", "the mirror keeps lagging"
_FINITE = re.compile(r"\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|keeps|kept)\b")
_NOT_A_SUBJECT = NOT_A_SUBJECT_WORDS  # (public: fact_reason reads what cannot open a subject too)


def _aside(clause: str) -> bool:
    """A statement about something other than the speaker or the agent, with a finite verb and
    no modal: "the old scheduler was a pain to run", "the index never returns anything"."""
    w = words(clause)
    if not w or _subject(w) in {"first", "second"} or MODAL.search(clause):
        return False
    if w[0] in _base_verbs() | _NOT_A_SUBJECT | QUANTIFIERS | {"always", "every", "each", "any"}:
        return False
    return bool(_FINITE.search(clause) or any(_is_past(x) for x in w[1:]) or _HABIT_3SG.match(clause))


def _fact_before_habit(low: list[str]) -> bool:
    from persona_pipeline.persona.digest.fact_reason import habit_asked, standing_fact

    return standing_fact(low[0]) and any(habit_asked(c) for c in low[1:])


def reason_clauses(cls: list[str]) -> tuple[list[str], set[int]]:
    """The clauses with every "because …" split off, and the indices of those that give a reason:
    opened by a reason subordinator, followed by a clause opened by a coordinating "so" (the
    consequence says what to do), a statement about something else set after a directive
    (`_aside`), or a standing fact set before a habit asked (`fact_reason`). The first clause is a
    reason only before "so" or before such a habit."""
    out = [part for c in cls for part in _REASON_SPLIT.split(c)]
    low = [_low(c) for c in out]
    reasons = {i for i, c in enumerate(low) if i and _REASON_OPEN.match(c)}
    reasons |= {i for i in range(len(low) - 1) if _SO_OPEN.match(low[i + 1]) and not _REASON_OPEN.match(low[i])}
    if len(low) > 1 and 0 not in reasons and _fact_before_habit(low):
        reasons.add(0)  # "the calendar is public, never put names in it": the fact is the reason (fact_reason)
    if low and 0 not in reasons and _directs(low[0]):
        # a statement about something else set after a directive with no conjunction ("use X, the
        # old Y was a pain to run"): asyndetic, it gives the directive's reason
        reasons |= {i for i in range(1, len(low)) if _aside(low[i])}
    # a sentence that is all reason has no main clause to exempt
    return (out, reasons) if len(reasons) < len(out) else (out, set())


# "that's wrong", "this is not what I asked": a correction's opener, not a report of a bug
_CORRECTION_HEAD = re.compile(
    r"^(?:that|this|it)(?:'s| is| was)\s+(?:(?:not|wrong|incorrect|not right|not it|not what i (?:asked|meant|wanted))"
    r"[\w ]{0,12}?)\s*[,.;:!—–-]+\s*",
    re.IGNORECASE,
)


def trim(sentence: str) -> str:
    """The sentence without the filler around it, its own punctuation inside kept."""
    s = sentence.strip().strip('"').strip()
    prev = None
    while prev != s:
        prev = s
        s = _LEAD_FILLER.sub("", s).strip()
        s = _CORRECTION_HEAD.sub("", s).strip()
        s = _TAIL_FILLER.sub("", s).strip()
    return s.rstrip(" ,;:-—–.!").rstrip()


def _low(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def _is_past(word: str) -> bool:
    return word in _PAST_IRREGULAR or (len(word) > 4 and word.endswith("ed") and not word.endswith("eed"))


is_past = _is_past  # public: a past form (irregular or -ed), for the modules that read tense too


_CONTRACTED_SUBJECT = frozenset({"it's", "that's", "there's", "here's"})


# wh-words that also open an adverbial clause ("when you …, …", "where we can, …")
_SUBORDINATORS = frozenset({"when", "where", "whenever", "wherever"})


def is_question(sentence: str) -> bool:
    s = _low(sentence).rstrip()
    if s.endswith(("?", "？")):  # a full-width question mark is one too (CJK text)
        head, _, tag = s.rpartition(",")
        # a tag or elliptical question after a whole clause ("…, right?", "…, how many?") asks
        # nothing of the clause before it, unless that clause is itself a question
        return not (head and len(words(tag)) <= 2 and len(words(head)) >= 4 and not is_question(head))
    return _inverted(s)


def _inverted(s: str) -> bool:
    w = words(s)
    if not w or not re.match(r"^[\W_]*[a-z]", s):
        return False  # an inverted auxiliary comes first: "4.2 is the minimum" opens with its subject
    if w[0] == "do" and len(w) > 1 and w[1] in {"a", "an"}:
        return False  # "do" takes a plural subject ("do the tests pass"): "do a clean build" is an imperative
    # "why is …", "does the …", "should the /orders API …", "can you …": an inverted auxiliary
    # ("that's the one we use" is a statement: a contracted pronoun subject, not an auxiliary)
    # ("when you mention code, give me the file" opens with a subordinate clause: no inversion)
    return (
        w[0] in WH
        and len(w) > 1
        and (w[1] in AUX or (w[1] in SUBJECT_PRONOUNS and not (w[0] in _SUBORDINATORS and "," in s)))
    ) or (
        w[0] in AUX - _CONTRACTED_SUBJECT
        and len(w) > 1
        and (w[1] in SUBJECT_PRONOUNS or w[1] in DEFINITE or w[1] in {"a", "an", "there"})
    )


def _subject(w: list[str]) -> str:
    """Who a clause is about, from its first word: first | second | definite | other."""
    if not w:
        return "other"
    head = w[0]
    if head in FIRST_PERSON or head in {"me", "us"}:
        return "first"
    if head in {"you", "your", "you're", "you've", "you'll", "you'd"}:
        return "second"
    if head == "the" and _RELATIONAL.match(" ".join(w[:2])):
        return "other"  # "the whole suite", "the same PR": a part or relation, not one thing pointed at
    if head in DEFINITE or head in {"it", "they", "there", "something", "someone"}:
        return "definite"
    if head.endswith("'s") and len(head) > 2 and head not in AUX:
        return "definite"  # "the worker's memory", "Priya's branch"
    return "other"


# a possessive subject of the first person, its noun phrase, and a copula of current state
_STATE_KEPT = re.compile(
    r"^(?:my|our)\s+(?:[\w'-]+\s+){1,4}?(?:stays|stay|remains|remain|keeps|keep)\s+(?P<state>[\w-].*)$"
)


def _kept_state(state: str) -> bool:
    """A state one keeps, not one observed: a complement of at most two words with no adjunct placing
    one observation ("… remains slow on mobile", "… stays empty after the import"), and no ill said
    of it (a negative valence: "… stays noisy" is a complaint; `similarity.valence`)."""
    w = words(state)
    return 0 < len(w) <= 2 and not set(w) & PREPOSITIONS and _valence(state) >= 0.0


def _clause_force(c: str) -> tuple[float, str]:
    """(force, why) of one clause: 1.0 explicit, 0.5 weak, 0.0 none."""
    low = _low(c)
    w = words(low)
    if not w:
        return 0.0, ""
    subj = _subject(w)
    if occasion.no_force(low):
        return 0.0, ""  # tentative, a fault of one's own thing, who the person is (digest/occasion)
    if MODAL.search(low):
        return 1.0, "modal"
    if HABITUAL.search(low):
        return 1.0, "habitual"
    if w[0] in {"every", "each", "all", "any", "everything", "anything", "everyone", "anyone"}:
        return 1.0, "universal"  # "every endpoint needs …": a norm for the whole class
    if subj != "definite" and UNIVERSAL.search(low):
        return 1.0, "universal"  # "… before every commit", "a test for any new endpoint": the whole class
    if re.match(r"^(?:please\s+)?(?:keep|stay|remain)\b", low):
        return 1.0, "standing state"  # "keep it short", "keep commits small": a state to maintain
    if _CORRELATIVE.match(low):
        return 1.0, "comparative judgement"  # "the fewer dependencies the better"
    if re.search(r"\bfirst\b(?!\s+(?:time|one|thing|step|page|row|line)\b)", low):
        return 1.0, "procedure"  # "write a failing test first", "ask first"
    # said with "now" and the like, or without it (digest/change_time): the one regex first, so the
    # three readers run only where it finds nothing
    if (
        (REVERSAL.search(low) or change_time.since_own(low) or change_time.dated_own(low) or change_time.returned(low))
        and not _OTHERS_SUBJECT.match(low)
        and not change_reading.others_subject(_unframed(low))
    ):
        return 1.0, "reversal"
    if w[0] in {"don't", "dont", "never", "no", "avoid", "stop", "quit", "skip"} or low.startswith(
        ("do not ", "please don't", "please do not", "please no ", "please never", "please stop", "please avoid")
    ):
        return 1.0, "negative directive"
    if re.search(r"\b(?:instead of|rather than)\b|^not\b|\brather\b.*\bthan\b|\bover\b(?! \d)", low):
        return 1.0, "contrast"
    if subj == "first":
        if PREFER.search(low):
            # a verb of preference needs a party as its subject: "my sister prefers X" is hers
            return (0.0, "") if change_reading.others_subject(low) else (1.0, "first-person preference")
        # "our signing keys stay encrypted", "my notes remain plain text": a state the person keeps
        # (the current-state copulas "stay"/"remain"/"keep", Quirk et al. 1985 §16.21), said of their
        # own thing; the word after "our" is its noun phrase, not a verb. How it is observed ("…
        # remains slow on mobile") is a report: then the reading below decides, as before
        if (m := _STATE_KEPT.match(low)) and _kept_state(m.group("state")) and not MALFUNCTION.search(low):
            return 1.0, "first-person state"
        rest = [x for x in w[1:] if x not in {"really", "just", "also", "always", "usually", "all"}]
        verb = rest[0] if rest else ""
        if verb in MENTAL or _is_past(verb) or verb.endswith("ing"):
            return 0.0, ""
        if re.search(r"\b(?:better|best|worse|worst)\b", low) and not re.search(r"\b(?:would|could|might|'d)\b", low):
            return 1.0, "first-person judgement"  # "I do better with one question per message"
        if w[0] in {"my", "our"} or w[0] in {"i'm", "we're"} or verb in {"am", "are", "is", "'m", "'re"}:
            return 1.0, "first-person state"
        if verb and verb not in AUX and not verb.endswith("n't"):
            return 1.0, "first-person habit"
        nxt = rest[1] if len(rest) > 1 else ""
        if verb in {"don't", "dont"} and nxt and nxt not in MENTAL | AUX | {"understand", "get"} and not _is_past(nxt):
            # a negated present ("I don't use X", "we don't deploy on fridays"): a standing
            # disposition, as its positive is; "didn't" tells a story
            return 1.0, "first-person habit"
        obj = rest[2] if len(rest) > 2 else ""
        if verb in {"won't", "wont"} and _refuses(nxt, obj):
            # "will" of volition, negated with the first person and a dynamic verb, is refusal (Quirk
            # et al. 1985, §4.58): "I won't merge code that …", "we won't ship without tests" — a
            # standing disposition. Not a prediction of being or having ("I won't be around"), a
            # thought, one thing pointed at ("I won't touch that"), nor a verb with nothing after it
            return 1.0, "first-person refusal"
        if verb in {"can't", "cannot", "cant"} and _standing_inability(w, low):
            # "I can't approve a migration without a rollback": a standing limit (digest/inability)
            return 1.0, "first-person inability"
        if w[0] == "we" and verb in {"don't", "dont"} and nxt == "do" and obj and obj not in _NOT_A_DONE_THING:
            # "do" as the main verb with a noun phrase of its own, said of the group ("we don't do
            # merge commits", "we don't do hotfixes without a ticket"): a house convention, as "we
            # don't use X" is. Not with "I" ("I don't do mobile development", "I don't do TDD,
            # sadly": who the person is, or an admission), nor before a word that points back, at
            # one thing, or says how much or how well ("we don't do that", "… the release", "…
            # enough testing", "… well with …")
            return 1.0, "first-person habit"
        return 0.0, ""
    if re.search(r"\b(?:for|to) me\b", low) or (
        # "X bothers me", "X annoyed me", "functions without docstrings bug me": a plural subject
        # takes the bare verb, so two words before it tell it from an imperative ("show me …")
        subj != "second"
        and re.search(r"\b\w+(?:s|ed) me\b|^(?:\S+\s+){2,}\w+ me\b", low)
        # a verb coordinated with an imperative ("run X and send me the table") asks, judges nothing
        and not re.search(r"\b(?:and|then|or)\s+\w+ me\b", low)
    ):
        return 1.0, "personal judgement"
    # a copular statement about the person's own practice: "polars is my default", "uv is what we
    # run everything through", "pnpm is the package manager for all our JS"
    if subj != "definite" and re.search(
        r"^\S+(?:\s+\S+){0,3}?\s+(?:is|are|'s|has been|have been)\b.*\b(?:we|our|i|my|me|us|mine|ours)\b", low
    ):
        return 1.0, "first-person standing fact"
    if subj == "second":
        return (1.0, "second-person modal") if MODAL.search(low) else (0.0, "")
    if subj == "definite":
        return 0.0, ""
    if (j := _JUDGEMENT.match(low)) and abs(_valence(j.group("pred"))) >= 0.5:
        return 1.0, "judgement"  # "raw SQL is fine", "Makefiles are the nicest way to run tasks"
    if re.search(r"\b(?:prefer(?:s|red)?|rather|stick (?:with|to)|go with)\b", low):
        if change_reading.others_subject(low):
            return 0.0, ""  # "my sister prefers oat milk": a third party's preference, not the person's
        return 1.0, "preference"  # "like", "want" only with a first-person subject (above)
    if re.search(r"\b(?:was|were|wasn't|weren't)\b", low) and w[0] not in _base_verbs():
        return 0.0, ""  # a past of being ("a string was allocated per block"): what happened, not a norm
    # a bare imperative or a generic statement ("use pathlib", "tabs for indentation"): weak
    return 0.5, "imperative or generic statement"


# (force, why) of one clause (public: `at_hand` and `similarity` read every clause's, not only the deciding one)
clause_force = _clause_force


def _unframed(clause: str) -> str:
    """A clause without an opening change-of-habit adverbial ("these days X is …")."""
    low = _low(clause)
    m = REVERSAL.match(low)
    return low[m.end() :].strip() if m else clause


_FUNCTION_WORDS = CONJUNCTIONS | PREPOSITIONS | {"else", "either", "or", "nor", "yes", "no", "then", "not"}


def _alternatives(match: str) -> bool:
    """A slash between function words ("if/else", "and/or", "on/off"): a choice, not a path."""
    parts = match.strip(" (`'\"").lower().split("/")
    return len(parts) > 1 and all(p in _FUNCTION_WORDS for p in parts)


def _one_off(sentence: str, cls: list[str], changed: bool = False) -> str:
    """Why the sentence is about one occasion or one thing ('' when it is not). A change of habit
    (`changed`) may say when it happened ("we switched to pyright last month")."""
    low = _low(sentence)
    if is_question(sentence):
        return "question"
    if why := occasion.one_occasion(sentence):
        return why  # tentative, a fault of one's own thing, the agent's offer, a self-description
    if not sentence.isascii() and (why := tongues.one_off(sentence)):
        return why  # other languages' questions, deixis and aspect (digest/tongues)
    # a change of habit says when it happened and what holds from then on: "we switched to
    # tuesday releases last month", "thursday is demo day from now on" (every thursday)
    standing = bool(FUTURE.search(low)) or reversal(sentence)
    if any(
        not ((changed or standing) and _PAST_TIME.fullmatch(m.group(0)))
        and not (standing and re.fullmatch(rf"(?:on )?(?:{_DAYS})", m.group(0)))
        for m in DEICTIC_TIME.finditer(low)
    ):
        return "deictic time"
    if (
        CALENDAR_DATE.search(low)
        and not (changed or standing or HABITUAL.search(low) or UNIVERSAL.search(low))
        and not re.search(r"\b(?:every|each)\b", low)
    ):
        return "a date"  # ("on the 1st of every month": a habit; "we moved to X on 3 May": a change)
    if DEICTIC_SCOPE.search(low) and not HABITUAL.search(low):
        # (a change scoped to "this X" is one task whatever X is: "replaced print with logging in this
        # file"; a list of the nouns where a change would hold — a machine, not a file — was written
        # after one open-pool sentence and dropped at merge: when unsure, no rule)
        return "deictic scope"  # ("always pin the base image in these Dockerfiles": a habit about a place)
    if _AWAITED.search(sentence.replace("’", "'")):
        return "awaits one event"
    for m in SPECIFIC.finditer(_CODE.sub(" ", sentence)):
        if _alternatives(m.group(0)):
            continue
        # a kind of file named in a refusal ("no requirements.txt") is not one file
        if not (
            re.fullmatch(r"\s*[\w-]+\.[a-z]+", m.group(0))
            and re.search(r"\b(?:no|not|never|don't)\s*$", low[: m.start()])
        ):
            return "specific reference"
    cls, reasons = reason_clauses(cls)
    for i, c in enumerate(cls):
        cl = _low(c)
        w = words(cl)
        if not w:
            continue
        subj = _subject(w)
        if subj == "second" and re.match(r"^you(?:'re| are) \w+ing\b", cl):
            return "the agent's current action"
        # a bug report is about one thing ("the export button …") or what happened; "functions
        # without docstrings bug me" and "for bugs, a failing test first" are generic
        if (
            (subj == "definite" or any(_is_past(x) for x in w[1:]))
            and MALFUNCTION.search(cl)
            and not MODAL.search(cl)
            and not re.search(r"\b\w+ me\b", cl)
        ):
            return "malfunction"
        if i in reasons:
            continue  # how things behave, given as the reason for a rule, is no report (a bug still is)
        if subj == "definite" and not MODAL.search(cl):
            verbs = [x for x in w[1:] if x not in DEFINITE]
            if HABITUAL.search(cl) or any(_is_past(x) for x in verbs):
                return "description"
        if w[0] in DEMONSTRATIVE and len(w) > 1 and w[1] not in AUX and not REVERSAL.match(cl):
            return "deictic reference"  # "this spreadsheet", "these rows" (not "these days")
        if (
            subj not in {"first", "second"}
            and not RETIRING.search(cl)
            and any(
                # what a person was doing ("a note of what we were doing") is no behaviour of a thing
                cl[: m.start()].split()[-1:] not in ([p] for p in _PERSONS)
                for m in re.finditer(
                    r"\b(?:is|are|isn't|aren't|was|wasn't|were|weren't|keeps|kept)(?: still| not)? \w+ing\b", cl
                )
            )
        ):
            return "description"  # current behaviour: "log rotation isn't kicking in"
        if re.search(r"\bagain\b", cl) and re.search(r"\b(?:is|are|was|were|has|have|'s)\b", cl):
            return "description"  # "the build is red again"
        if (
            subj not in {"first", "second"}
            and w[0] not in QUANTIFIERS | {"everything", "anything", "nothing"}
            and not MODAL.search(cl)
            and (m := _HABIT_3SG.search(cl))
            and not m.group("verb").endswith(("ss", "us", "is"))
            and not m.group("rel")  # "a comment that just narrates the next line is clutter to me"
        ):
            return "description"  # "the sort always puts nulls first", "sorting by date never works"
        if _acts_on_one_thing(w, cl):
            return "description"
    return ""


_OBJECT_DET = frozenset({"the", "its", "their", "his", "her", "this", "that", "these", "those"})
_ADVERBS = frozenset(
    {"always", "never", "usually", "often", "sometimes", "still", "just", "actually", "really", "even", "also"}
)
_PERSONS = FIRST_PERSON | {"me", "us", "mine", "ours", "you", "your", "yours", "you're", "you've", "you'll", "you'd"}


@lru_cache(maxsize=1)
def _base_verbs() -> frozenset[str]:
    from persona_pipeline.persona.digest.commit_style import _IMPERATIVE_VERBS
    from persona_pipeline.persona.digest.lexicon import IMPERATIVE_VERBS

    return _IMPERATIVE_VERBS | frozenset(IMPERATIVE_VERBS)


base_verbs = _base_verbs  # public: the imperative verbs, for fact_reason


# an event counted ("twice", "three times"): what happens, not what to do
# (not a multiplier before a noun phrase or a comparison: "twice the size", "three times as slow")
_EVENT_COUNT = re.compile(
    r"\b(?:twice|(?:two|three|four|five|several|many|\d+) times)\b(?!\s+(?:the|as|that|this|its|my|our|your|their)\b)"
)
_FREQUENCY = re.compile(
    rf"\b(?:always|never|usually|often|sometimes|still|again|rarely|constantly)\b|{_EVENT_COUNT.pattern}"
)
# a subject before a frequency adverb: "<subject> always …"
_FREQUENT = re.compile(r"^(?P<subj>(?:\S+\s+){1,8}?)(?:always|never|usually|constantly|sometimes|often|rarely)\s+\w")


def _acts_on_one_thing(w: list[str], cl: str) -> bool:
    """What something did or does to one thing: a subject that is no person, a verb in the third
    person singular or the past, and a definite object ("logout on Safari leaves the cookie
    behind", "NOAA changed the predictions JSON", "clicking logout never clears the cookie"): a
    report, not a rule. Said of the person or the agent, with a modal, or opening with a base verb
    (an imperative: "give functions their own module") it is not one."""
    if (
        MODAL.search(cl)
        or set(w) & _PERSONS
        or w[0] in _base_verbs() | _ADVERBS | QUANTIFIERS
        or _CORRELATIVE.match(cl)
    ):
        return False
    if w[0] in {"don't", "dont", "never", "no", "not", "please", "do", "let", "let's"}:
        return False
    if _EVENT_COUNT.search(cl):
        return True  # "customers get the welcome email twice whenever they sign up"
    if (m := _FREQUENT.match(cl)) and _definite(m.group("subj")):
        return True  # "timestamps in the weekly report always come out in UTC": one thing's parts
    for i in range(1, min(len(w) - 2, 8)):  # a determiner before a noun, not a pronoun ("… handles that")
        verb, nxt, before = w[i], w[i + 1], w[i - 1]
        if verb in _ADVERBS:
            continue
        if nxt not in _OBJECT_DET or before in PREPOSITIONS | DEFINITE | {"a", "an"} or verb in AUX | PREPOSITIONS:
            continue
        third = len(verb) > 3 and verb.endswith("s") and not verb.endswith(("ss", "us", "is", "'s"))
        # in the present only with a frequency ("… every time"): "uv manages the env" is a standing
        # role, which may corroborate a rule
        return (third and bool(HABITUAL.search(cl) or _FREQUENCY.search(cl))) or _is_past(verb)
    return False


# a subject, a frequency or persistence adverb, a verb in the third person singular: what
# something does ("the retry always gives up", "sorting by date on the orders table always puts
# nulls first"); a rule is said to the agent ("always run …") or of a kind ("tests never hit …")
_HABIT_3SG = re.compile(
    r"^(?:\S+\s+){1,8}?(?P<rel>(?:that|which|who)\s+)?(?:always|never|usually|constantly|sometimes|still|often|"
    r"rarely|just)\s+(?:(?:actually|really|even|quite|ever)\s+)?(?P<verb>[a-z]+s)\b"
)


# "that" introducing a clause ("names that say what they hold", "make sure that it …"), not
# pointing at one thing: followed by a finite verb (an -s form), an auxiliary, a pronoun or an adverb
_THAT_CLAUSE = re.compile(
    r"\bthat\s+(?:[a-z]+[^s\s']s\b|(?:is|are|was|were|has|have|had|do|does|did|can|could|will|would|should|"
    r"may|might|must|isn't|aren't|doesn't|don't|won't|can't|i|we|you|they|it|he|she|not|never|always|only|just|"
    r"really|actually)\b)"
)


# relational definites: "the same PR", "the top of the file", "the whole suite", "the way you …"
# pick out a part or a relation of whatever is at hand, not one thing the person points at
_RELATIONAL = re.compile(
    r"\bthe\s+(?:same|top|bottom|end|start|beginning|middle|rest|whole|entire|full|usual|way|why|what|how|"
    r"other|opposite|default|simplest|shortest|smallest|easiest)\b"
)


# "that's the checker we use", "X is the style I follow": said of the person's standing choice (a
# present-tense first-person relative clause), not one thing pointed at
_OUR_KIND = re.compile(
    r"(?P<cop>\b(?:is|are|'s))\s+the\s+(?:[a-z-]+\s+){0,2}?[a-z-]+\s+(?:that\s+|which\s+)?(?:we|i)\s+(?!(?:was|were|had|did|just)\b)(?![a-z]+ed\b)[a-z]+\b"
)


def _definite(clause: str) -> bool:
    """Whether a clause names one thing definitely: a definite determiner or pronoun ("fix the
    typo", "rename that function", "make it faster"), not "that" opening a clause nor a
    relational "the same …" / "the top of …"."""
    low = _RELATIONAL.sub(" ", _THAT_CLAUSE.sub(" ", _OUR_KIND.sub(r"\g<cop> ", _low(clause))))
    return bool(set(words(low)) & (DEFINITE | {"it", "them"}))


names_one_thing = _definite  # public: a clause naming one thing definitely, for at_hand


# "now" closing a clause after what it is said of ("pyright is the type checker now, it's faster"):
# a change of state, as at the end of a sentence (REVERSAL); not "now, fix it" opening a turn.
# Only for supersession: it gives no directive force.
_CLAUSE_NOW = re.compile(r"(?<=\w )now(?=\s*[,;:—–]\s)")


# when a change happened: past, so what it changed to stands now ("for now" does not)
_PAST_TIME = re.compile(rf"last (?:{_TIME_NOUNS})|yesterday|since (?:{_MONTHS})")  # (since: digest/change_time)
# the person's change of habit to something: "we switched the type checker to pyright", "I moved
# to zsh over the summer" (a past tense, yet what it says holds from then on)
_CHANGE = re.compile(
    r"^(?:(?:so|and|actually)\s+)?(?:we|i|we've|i've|we have|i have)\s+(?:\w+\s+)?"
    r"(?:(?:switched|moved|migrated|changed|upgraded|bumped)\b.*?\b(?:to|onto|off|from)|(?:standardi[sz]ed|settled)\s+on)\s+\S"
)
# Pieces of the substitution frames, shared with similarity's readings of their two sides: the past of
# the lemmas of WordNet 3.0's replace.v.01, substitute.v.01 and trade.v.04; of supplant.v.01 and the
# phrasal "take over from"; a subject that is no determined noun phrase or pronoun; a word that is no
# auxiliary or negator
SUBSTITUTED_VERBS = r"replaced|substituted|exchanged|traded|swapped|swopped"
SUPPLANTING_VERBS = r"replaced|supplanted|superseded|(?:took|taken) over from"
BARE_SUBJECT = (
    r"^(?!(?:the|a|an|this|that|these|those|my|our|your|his|her|their|its|some|every|each|"
    r"i|we|you|he|she|they|it)\s)"
)
NO_AUXILIARY = r"(?!(?:was|were|got|is|are|be|been|had|never|not|no|[a-z]+n't)\b)"
# a substitution naming both sides (WordNet 3.0 replace.v.01, substitute.v.01, trade.v.04): "we
# replaced X with Y", "I swapped X out for Y"; a removal for its successor: "we dropped X for Y"
_SUBSTITUTION = re.compile(
    r"^(?:(?:so|and|actually)\s+)?(?:we|i|we've|i've|we have|i have)\s+(?:(?!never\b|not\b)\w+\s+)?"
    rf"(?:(?:{SUBSTITUTED_VERBS})\s+\S.*?\s(?:out\s+)?(?:with|for)"
    r"|(?:dropped|ditched|dumped|abandoned|retired)\s+\S.*?\s(?:for|in favou?r of))\s+\S"
)
# a thing that took another's place, both named ("podman replaced docker", "Y took over from X"): a
# change of habit only between two names (see similarity.stance), never a part of the subject
# ("strava replaced its route builder")
_SUPPLANTING = re.compile(
    BARE_SUBJECT + rf"{NO_AUXILIARY}[^\s,]+(?:\s+{NO_AUXILIARY}[^\s,]+){{0,2}}?\s+(?:has\s+|have\s+)?"
    rf"(?:{SUPPLANTING_VERBS})\s+"
    r"(?!(?:its|their|his|her|my|our|your)\b)[^\s,]"
)


# the passive of substitution: "X got replaced by Y", "X has been swapped out for Y"
_PASSIVE_REPLACED = re.compile(
    BARE_SUBJECT + r"[^\s,]+"
    r"(?:\s+[^\s,]+){0,2}?\s+(?:got|was|were|has been|have been)\s+"
    r"(?:replaced|supplanted|superseded|swapped out|swopped out)\s+(?:by|with|for)\s+\S"
)


def _changed_habit(text: str) -> bool:
    """A change of habit that names what it changed to: a name (a tool, Zipf ≤ 3) it prefers —
    not "I moved the fixtures to a new folder" (or what it left: "we've moved the service off X")."""
    from persona_pipeline.persona.digest.similarity import NAME, _w, out_and_in, stance, substituted, weight

    low = _low(text)
    if out_and_in(text):
        return True  # "bamboo needles are out, steel ones are in"
    if _SUPPLANTING.search(low) or _PASSIVE_REPLACED.search(low):
        # a thing took another's place: the frame's two arguments are the sides, whatever their
        # frequency ("ruff replaced black"), at the weight a group compares stances by
        # (fold.STANCE_WEIGHT); a bare subject (no determiner, no pronoun) is a thing, not "the new hire"
        new, old = substituted(text, _w(5.6))
        return bool(new and old)
    if _SUBSTITUTION.search(low):
        # the person's own substitution: only for a name (a tool, Zipf <= 3) on one side — with two
        # ordinary things it is as often one occasion ("I swapped butter for oil today", "I replaced
        # the butter with sugar by mistake": rev46c C12) as a habit, so when unsure no rule
        new, old = substituted(text, _w(5.6))
        return bool(new and old) and any(weight(t) >= NAME for t in new | old)
    return bool(_CHANGE.search(low)) and any(stance(text, NAME))


# "my editor is VS Code", "Zed is my editor now", "the formatter is ruff these days", "I switched
# editors to Zed": a standing choice of one thing in a slot named by a noun. Two assignments of
# one slot to different things cannot both hold, whatever other words they share.
_SLOT_OWNER = r"(?:my|our|the)"
_ASSIGN_SLOT_FIRST = re.compile(
    rf"^(?:(?:so|and|actually|also)\s+)?{_SLOT_OWNER}\s+(?:main\s+|default\s+|usual\s+)?(?P<slot>[a-z][a-z-]+)\s+"
    r"(?:is|are|'s)\s+(?P<value>.+)$"
)
_ASSIGN_VALUE_FIRST = re.compile(
    rf"^(?P<value>\S+(?:\s+\S+){{0,2}}?)\s+(?:is|are|'s)\s+{_SLOT_OWNER}\s+(?:main\s+|default\s+|usual\s+)?"
    r"(?P<slot>[a-z][a-z-]+)\b(?P<tail>.*)$"
)
_ASSIGN_CHANGE = re.compile(
    r"^(?:(?:so|and|actually)\s+)?(?:we|i|we've|i've|we have|i have)\s+(?:\w+\s+)?(?:switched|moved|changed)\s+"
    r"(?:(?:my|our|the)\s+)?(?P<slot>[a-z][a-z-]+)\s+(?:to|over to)\s+(?P<value>.+)$"
)
# a thing kept for a purpose the person owns: "stick with yarn for the monorepo", "use X for our builds"
_ASSIGN_PURPOSE = re.compile(
    r"^(?:(?:so|and|actually|also|just)\s+)?(?:use|stick (?:with|to)|stay (?:on|with)|keep using|go with)\s+"
    r"(?P<value>[^\s,]+(?:\s+[^\s,]+){0,2}?)\s+for\s+(?:the|our|my)\s+(?P<slot>[a-z][a-z-]+)$"
)
# what may follow the slot's value without being part of it: "now", "these days", "a few weeks ago"
_VALUE_END = re.compile(
    rf"\s+(?:now|these days|nowadays|anymore|from now on|going forward|for (?:everything|all)\b.*|"
    rf"(?:a few|a couple of|some|two|three|\d+) (?:days|weeks|months|years) ago|last (?:{_TIME_NOUNS}))$"
)


def assignment(text: str) -> tuple[str, str] | None:
    """(slot, value) of a clause assigning one thing to a slot the person owns ("my editor is VS
    Code" -> ("editor", "vs code")), from the first clause that does; None when none does. A
    pronoun or a determiner phrase as the value ("my editor is the one we share") is no name."""
    for c in clauses(_low(text)):
        c = _unframed(c)
        m = _ASSIGN_SLOT_FIRST.match(c) or _ASSIGN_CHANGE.match(c) or _ASSIGN_PURPOSE.match(c)
        if not m and (v := _ASSIGN_VALUE_FIRST.match(c)):
            tail = v.group("tail").strip(" ,.")
            m = v if not tail or _VALUE_END.fullmatch(" " + tail) else None
        if not m:
            continue
        value = m.group("value")
        prev = None
        while prev != value:
            prev, value = value, _VALUE_END.sub("", value).strip(" ,.")
        vw = words(value)
        if not vw or vw[0] in SUBJECT_PRONOUNS | DEFINITE | {"a", "an", "what", "how", "where", "one"} or len(vw) > 4:
            continue
        return m.group("slot"), " ".join(vw)
    return None


def _changed_slot(text: str) -> bool:
    """A change of habit said of a slot ("the formatter is ruff format these days"): a reversal
    adverbial and an assignment whose value names a rare word (a tool), not "the build is red now"."""
    from persona_pipeline.persona.digest.similarity import rare, tokens

    a = assignment(text)
    return a is not None and bool(REVERSAL.search(_low(text))) and bool(rare(tokens(a[1])))


# the passive progressive of a verb of retiring: what is being left ("X is being deprecated")
RETIRING = re.compile(
    r"\b(?:is|are)\s+being\s+(?:phased out|deprecated|retired|replaced|removed|decommissioned|dropped|sunset)\b"
)


# a subject that is other people in general: an indefinite pronoun (Quirk et al. 1985 §6.45ff) or
# "people" with a quantifier — not a quantified class of things ("all bugs get a test first from now
# on" is a norm), which would need to know which nouns name people
_OTHERS_SUBJECT = re.compile(
    r"^(?:(?:and|so|but|well)\s+)?(?:he|she|everyone|everybody|nobody|no one|others|"
    r"(?:(?:most|many|lots of|a lot of|plenty of|few|several|some|other)\s+)?(?:people|folks))\b"
)


def reversal(text: str) -> bool:
    """A change of habit of the person's own (`change_said`): not of other people ("everyone flies
    aer lingus these days": rev46c C8; "my parents fly X now": a subject in the third person), and
    not one only possible, placed elsewhere or retracted (`disowned`)."""
    low = _low(text)
    return change_said(text) and not disowned(low) and not about_others(low)


def disowned(low: str) -> str:
    """Why a sentence of change is not the person's own lasting change ('' when it may be one)."""
    if change_reading.possible(low):
        return "possible change"
    if change_reading.elsewhere(low):
        return "change elsewhere"
    if change_reading.retracted(low):
        return "retracted change"
    return ""


def about_others(low: str) -> bool:
    """A reversal adverbial said of a third party's practice ("my parents fly X these days")."""
    if not (REVERSAL.search(low) or _CLAUSE_NOW.search(low)):
        return False
    # the clauses that carry the adverbial (an opening "these days," carries the clause after it)
    cls = [_unframed(c) for c in clauses(low)] or [low]
    said = [c for c in cls if REVERSAL.search(c) or _CLAUSE_NOW.search(c)]
    said += [cls[i + 1] for i, c in enumerate(cls[:-1]) if len(words(c)) <= 1]
    return all(change_reading.others_subject(c) for c in said or cls[:1])


def change_said(text: str) -> bool:
    """A change is said, whoever's and however sure: a reversal adverbial, or a first-person change
    verb in the past/perfect ("we've switched to …", "I moved off …", "we replaced X with Y"); not
    of people in general ("everyone flies aer lingus these days")."""
    low = _low(text)
    if _OTHERS_SUBJECT.match(low):
        return False
    if REVERSAL.search(low) or _CLAUSE_NOW.search(low) or (not text.isascii() and tongues.changes(text)):
        return True
    if change_verdict.verdict_subject(text):
        return True  # "X turned out to be a mistake": a change of opinion (digest/change_verdict)
    if change_time.since_own(low) or change_time.dated_own(low) or change_time.returned(low):
        return True  # "since the refit we sail with X", "switched over to X last quarter" (digest/change_time)
    substituted = (
        _SUPPLANTING.search(low)
        or _PASSIVE_REPLACED.search(low)
        or _SUBSTITUTION.search(low)
        or re.search(r"\bout\b", low)
    )
    if substituted and _changed_habit(text):
        return True  # "podman replaced docker", "X got replaced by Y", "X is out, Y is in"
    return bool(
        re.search(
            # (a negator before the verb denies the change: "we never dropped X")
            # (nor an auxiliary of the passive: "I was replaced by a script" is told of the person)
            r"\b(?:we|i|we've|i've|we have|i have)\s+"
            r"(?:(?!never\b|not\b|hardly\b|scarcely\b|barely\b|was\b|were\b|got\b|been\b)\w+\s+)?"
            r"(?:switched|moved|migrated|replaced|changed|dropped|"
            r"ditched|abandoned|retired|left|stopped|ripped out|tore out|got rid of|"
            r"substituted|exchanged|traded|swapped|swopped|"
            r"standardi[sz]ed on|settled on|upgraded|bumped)\b"
            # the same verbs in the progressive: a change under way ("we're dropping X")
            r"|\b(?:we're|i'm|we are|i am)\s+(?:(?!never\b|not\b|hardly\b|scarcely\b|barely\b)\w+\s+)?"
            r"(?:switching|moving|migrating|replacing|changing|dropping|"
            r"ditching|abandoning|retiring|leaving|stopping)\b"
            # a thing being retired ("X is being deprecated"): a change under way, said of what it leaves
            rf"|{RETIRING.pattern}",
            low,
        )
    )


def _anaphoric(text: str) -> bool:
    """A verb and a pronoun, no other content word ("run it first", "always do that"): what it is
    about was said before, so on its own it names no rule (it may corroborate one)."""
    from persona_pipeline.persona.digest.similarity import tokens

    w = words(text)
    at = next((i for i, x in enumerate(w) if x in _ANAPHORS), None)
    if at is None:
        return False
    # one content word (the verb) before the pronoun, none after it ("keep it short" says what)
    return sum(bool(tokens(x)) for x in w[:at]) <= 1 and not any(tokens(x) for x in w[at + 1 :])


def coined(name: str) -> bool:
    """A name made up for one thing ("quillmoss", "billing-gateway", "persona_pipeline"), not an
    English word ("backend", "docs", "api", "front-end"): neither it nor its parts run together
    are in the general-English frequency list."""
    from persona_pipeline.persona.digest.similarity import zipf

    low = name.lower().strip()
    return len(low) > 3 and not zipf(low) and not zipf(re.sub(r"[\W_]+", "", low))


def names_own_project(text: str, project: str) -> bool:
    """The sentence names the repository it was said in, by a coined name: in its own session that
    name points at the work at hand as "here" does, so a plain request naming it is a task."""
    name = project.rsplit("/", 1)[-1].strip()
    if not name or not coined(name):
        return False
    return bool(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE))


def opens_with_verb(text: str) -> bool:
    """An imperative: the sentence opens with a base verb, after any adverb ("lint X", "just run
    X") — not a generic statement whose subject is a thing ("X uses black", "in X, configs are
    yaml"), which states how things are rather than asking for one piece of work."""
    w = words(text)
    while w and w[0] in _ADVERBS | {"please"}:
        w = w[1:]
    return bool(w) and w[0] in _base_verbs()


# personal and demonstrative pronouns that stand for something said before
_ANAPHORS = frozenset({"it", "them", "that", "this", "these", "those"})
# what cannot open the thing a "we don't do …" habit refuses: anaphors and definites (one thing
# said before or pointed at), auxiliaries, and the English quantifiers, degree words and manner
# adverbs of a "do" of amount or manner (Quirk et al. 1985, §5.23–5.26 quantifiers, §7.33 degree
# adverbs): "enough", "a lot of", "anything", "much", "well"
_NOT_A_DONE_THING = (
    _ANAPHORS
    | DEFINITE
    | AUX
    | frozenset(
        {"so", "much", "many", "more", "most", "less", "least", "enough", "a", "an", "lots", "plenty", "too"}
        | {"any", "anything", "some", "something", "nothing", "everything", "all", "little", "few", "several"}
        | {"well", "badly", "better", "worse", "great", "fine", "ok", "okay", "right", "wrong", "very", "really"}
    )
)


# the personal pronouns in the object case (Quirk et al. 1985, §6.2): "I won't bother you with …"
# is about a person, not a kind of work
_OBJECT_PRONOUNS = frozenset({"me", "you", "him", "her", "us", "them", "myself", "yourself", "ourselves"})


# verbs taking a "to"-infinitive as their complement (Quirk et al. 1985, §16.38–16.40): under
# "won't" they promise or predict ("I won't forget to …", "won't hesitate to …", "won't try to …")
_CATENATIVE = frozenset(
    {"want", "wish", "hope", "expect", "intend", "plan", "decide", "agree", "refuse", "promise", "forget"}
    | {"remember", "try", "attempt", "manage", "fail", "hesitate", "bother", "dare", "need", "mean", "pretend"}
    | {"seem", "tend", "afford", "offer", "learn", "choose", "continue", "begin", "start", "cease", "neglect"}
)


def _refuses(verb: str, obj: str) -> bool:
    """A refusal's verb and what follows it ("won't" + `verb` + `obj`): a dynamic verb,
    in its base form, with something after it that is not one thing pointed at, a person, or a
    catenative's "to"-infinitive ("I won't forget to …", "won't hesitate to …": a promise)."""
    return bool(
        verb
        and obj
        and verb not in MENTAL | AUX
        and not _is_past(verb)
        and not verb.endswith(("ing", "n't"))
        and obj not in _ANAPHORS | DEFINITE | AUX | _OBJECT_PRONOUNS
        and not (obj == "to" and verb in _CATENATIVE)
    )


def read(sentence: str) -> Reading:
    """Read one sentence (see the module docstring)."""
    text = trim(sentence)
    if len(words(text)) < 2 or "[redacted:" in text.lower():
        return Reading(text, False, 0.0, "too short" if len(words(text)) < 2 else "secret")
    if _data(text) or _letters(text) < 0.7 * len(text):
        return Reading(text, False, 0.0, "data")  # "Date;Payee;Amount", "KEY=value", a table row
    cls = clauses(text)
    # a habit the person ended ("I've stopped stretching before climbs") is a change of habit too
    changed = _changed_habit(text) or negation_focus.ceased(text)
    low = _low(text)
    # "X might get replaced by Y", "… at my aunt's café", "… once and regretted it": no change of the
    # person's own to read; "my parents fly X these days": a report about others (change_reading)
    why = "possible change" if change_reading.possible(low) else ""
    if changed or change_said(text):
        why = disowned(low)
    if why:
        return Reading(text, False, 0.0, why)
    if about_others(low):
        return Reading(text, False, 0.0, "about others")
    if (
        (change_verdict.verdict_subject(text) or change_time.returned(low))
        and not is_question(text)
        and not (why := disowned(low))
        and not DEICTIC_TIME.search(low)
        and not DEICTIC_SCOPE.search(low)
    ):
        # "X turned out to be a mistake", "we went back to X, Y was worse": a verdict on the old way
        # (or a return that gives one), said for good,
        # not of one occasion ("… today", "… for this loaf") (digest/change_verdict)
        return Reading(
            text, True, 1.0, "verdict" if change_verdict.verdict_subject(text) else "return", reversal=reversal(text)
        )
    off = _one_off(text, cls, changed)
    if off:
        # "can you please write the release notes?": a request put as a question may count towards a
        # habit, never state one (digest/requests)
        return Reading(text, False, 0.0, off, corroborates=off == "question" and _polite_request(text))
    split, reasons = reason_clauses(cls)
    main = [c for i, c in enumerate(split) if i not in reasons]
    # what follows a reason's "so" is the main clause: "X is how support finds out, so keep it updated"
    main = [_SO_OPEN.sub("", c) if _SO_OPEN.match(_low(c)) and reasons else c for c in main]
    if (
        _subject(words(_unframed(main[0]))) == "definite"
        and not _CORRELATIVE.match(_low(text))
        and not _changed_slot(text)
        and not FUTURE.search(_low(text))  # "the diff is enough from now on": a standing arrangement
    ):
        # "the cache TTL should be …"; how one thing stands in the simple present may back a rule
        # said elsewhere (digest/standing)
        return Reading(text, False, 0.0, "about one thing", corroborates=_present_fact(text))
    said = [*main, *(split[i] for i in sorted(reasons))]
    forces = [_clause_force(re.sub(r"\"[^\"]*\"", " ", c)) for c in said]  # a quoted "should" is not the person's
    force, why = max(forces, key=lambda f: f[0]) if forces else (0.0, "")
    if force < 1.0 and not text.isascii() and (other := tongues.force(text))[0] > force:
        force, why = other  # a prohibitive, modal or habit of another language (digest/tongues)
    if force < 1.0 and change_time.returned(low):
        force, why = 1.0, "reversal"  # "we went back to X, Y was worse": read over its clauses (change_time)
    if force < 1.0 and changed:
        # a change of habit naming what it changed to or from is said outright, whatever else the
        # sentence asks ("we've moved the service off X, write it with Y")
        force, why = 1.0, "change of habit"
    if force == 0.0:
        # the agent told it did something wrong again ("you left the debug flag on again"): the
        # repetition implies a standing expectation, which it may corroborate, never state
        w = words(_low(text))
        again = _subject(w) == "second" and any(_is_past(x) for x in w[1:3]) and re.search(r"\bagain\b", _low(text))
        return Reading(text, False, 0.0, "no force", corroborates=bool(again))
    # a weak clause counts only when no clause of the sentence names one thing definitely
    if force < 1.0 and len(words(text)) <= 2:
        return Reading(text, False, 0.0, "fragment")  # "see screenshot"
    if force < 1.0 and (any(_definite(c) for c in main) or (not text.isascii() and tongues.points_at_one(text))):
        return Reading(text, False, 0.0, "definite object", corroborates=not NAMED_CODE.search(text))
    if force < 1.0 and NAMED_CODE.search(text):
        return Reading(text, False, 0.0, "named file or function")
    if _anaphoric(text):
        return Reading(text, False, 0.0, "anaphoric", corroborates=True)
    turned = reversal(text)
    # (a sentence-final "now" reads as a change of habit; beside "again" it is this moment's: "try again now")
    moment = _for_the_moment(text)
    # (the speaker's own next step is a status note, "now" or not: "I'm going to restart it now")
    if moment and (not turned or re.search(r"\bagain\b", low) or moment == "own next step"):
        # work asked for now ("let's …", "I want to add a …", "explain it"): it may count towards
        # a habit or back a rule said elsewhere, never state one (digest/requests)
        return Reading(text, False, 0.0, moment, corroborates=True)
    return Reading(text, True, force, why, reversal=turned)
