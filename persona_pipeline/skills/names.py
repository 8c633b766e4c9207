"""Skill names from a lesson's key terms (deterministic, pure).

A name says what the skill is about in a few words: the tool and the error ("fix-code-when-
pytest-fails-transaction"), the preferred and the avoided thing ("uv-not-pip", "pathlib-over-
os-path"), what not to do ("no-print-debugging"). The shapes the offline lesson builder writes
are read back first; any other statement (a model's, a plain correction) is named by its
preference or negation, else by its first content words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from persona_pipeline.persona.digest.lexicon import STOP
from persona_pipeline.persona.digest.reading import CONJUNCTIONS, PREPOSITIONS

NAME_MAX = 48
_CODE = re.compile(r"`([^`]+)`")
_SLUG_WORD = re.compile(r"[a-z0-9]+")
_EXC_NAME = re.compile(r"\b([A-Z][A-Za-z0-9_]*?)(?:Error|Exception)\b")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
# wrappers that run another program: the wrapped program is what a name should say
_WRAPPER = re.compile(r"^(?:uv run|poetry run|pipenv run|pnpm exec|python3? -m|npx|uvx|bunx)\s+")
# words that carry no meaning in a name
_FILLER = frozenset(
    {
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "in",
        "here",
        "there",
        "any",
        "your",
        "my",
        "our",
        "its",
        "please",
        "anymore",
        "again",
        "ever",
        "also",
        "just",
        "really",
        "always",
        "some",
        "of",
        "for",
        "it",
        "is",
        "we",
        "i",
        "you",
        "s",
        "t",
        "now",
        "so",
        "much",
        "how",
        "me",
    }
)
# closed-class words a name never ends on ("no-skip-hooks-with", "no-pip-and-no")
_DANGLING = PREPOSITIONS | CONJUNCTIONS | {"no", "not", "a", "an", "the", "to", "using", "use"}
_GENERIC_VERBS = frozenset(
    {
        "use",
        "using",
        "run",
        "running",
        "do",
        "make",
        "get",
        "put",
        "keep",
        "want",
        "need",
        "should",
        "must",
        "try",
        "add",
        "change",
        "instead",
        "when",
        "before",
        "after",
        "don",
        "dont",
        "not",
        "never",
        "no",
        "only",
        "first",
        "prefer",
        "rather",
        "fix",
        "fails",
        "fail",
        "failed",
        "cause",
        "code",
        "command",
        "rerun",
        "re-run",
        "here",
        "say",
        "says",
        "said",
        "done",
        "tell",
        "let",
        "see",
        "think",
        "know",
        "go",
        "going",
    }
)

# the offline builder's statements (persona_pipeline/skills/lessons/offline.py)
_FIX = re.compile(
    r"^When `([^`]+)` fails(?: with (`[^`]+`|exit code -?\d+))?, (?:the cause was in the code|fix the cause)"
)
_REPORTS = re.compile(r"^When `([^`]+)` fails, fix what it reports")
_INSTEAD = re.compile(r"^Run `([^`]+)` instead of `([^`]+)`")
_BLIND = re.compile(r"^Don't re-run `([^`]+)` blindly")
_UNCHANGED = re.compile(r"^Don't retry `([^`]+)` unchanged")
_ASK = re.compile(r"^Ask before running `([^`]+)`")
_REFUSED = re.compile(r"^Instead of `([^`]+)`: (.+)$", re.DOTALL)
_CONFIRMED = re.compile(r'^When asked to "([^"]+)"')
# a preference or a rejection, in a person's words
_CUT = r"(?=\s*(?:[,;:!?—–]|\.(?:\s|$)|\s-\s|$))"
_PREFER = re.compile(
    rf"\b(?:use|prefer|want|with|go with)\s+(?P<x>[^,;:!?—–]+?),?\s+(?P<how>not|instead of|rather than|over)\s+"
    rf"(?P<y>[^,;:!?—–]+?){_CUT}",
    re.IGNORECASE,
)
_NOT_BUT = re.compile(
    rf"\b(?:(?:don'?t|do not|never)\s+use|stop\s+using)\s+(?P<y>[^,;:!?—–]+?)[,;:—–.]+\s*"
    rf"(?:\w+\s+){{0,2}}?use\s+(?P<x>[^,;:!?—–]+?){_CUT}",
    re.IGNORECASE,
)
_BEFORE = re.compile(r"\b(?:run|do|always)\s+(?P<x>[\w.-]+)\s+before\s+(?P<y>[\w-]+)", re.IGNORECASE)
_NEGATED = re.compile(rf"^\W*(?:no|never|don'?t|do not|avoid|stop)\s+(?P<y>[^,;:!?—–]+?){_CUT}", re.IGNORECASE)


def slug(text: str) -> str:
    """kebab-case, at most NAME_MAX characters, cut at a word boundary; never empty."""
    words = _SLUG_WORD.findall(text.lower().replace("'", "").replace("’", ""))
    out = ""
    for w in words:
        nxt = f"{out}-{w}" if out else w
        if len(nxt) > NAME_MAX:
            break
        out = nxt
    return out or (words[0][:NAME_MAX] if words else "skill")


def program(command: str) -> str:
    """A command's program without a wrapper: `uv run pytest` → "pytest", `npm test` → "npm test"."""
    return _WRAPPER.sub("", command.strip()).split(" -", 1)[0].strip()


def error_words(error: str) -> str:
    """`TransactionException` → "transaction", `ModuleNotFoundError` → "module not found"; an
    exit code names nothing."""
    m = _EXC_NAME.search(error)
    if not m:
        return ""
    return " ".join(w.lower() for w in _CAMEL.findall(m.group(1)))


def _words(phrase: str, keep: str) -> list[str]:
    """A phrase's meaningful words: fillers and -ly adverbs out; `keep` "first" or "last" two/three."""
    code = _CODE.search(phrase)
    if code:
        return [code.group(1)]
    words = [w for w in re.findall(r"[A-Za-z0-9][\w.+()-]*", phrase) if w.lower() not in _FILLER]
    words = [w for w in words if not (w.lower().endswith("ly") and len(w) > 4)] or words
    return words[:3] if keep == "first" else words[-2:]


def _preference(text: str) -> str | None:
    for pattern in (_NOT_BUT, _PREFER):
        m = pattern.search(text)
        if m:
            x, y = _words(m.group("x"), "first"), _words(m.group("y"), "last")
            if x and y:
                how = "not" if m.groupdict().get("how", "not").lower() == "not" else "over"
                return slug(f"{' '.join(x)} {how} {' '.join(y)}")
    m = _BEFORE.search(text)
    if m:
        return slug(f"{m.group('x')} before {m.group('y')}")
    m = _NEGATED.search(text)
    if m:
        words = [w for w in re.findall(r"[A-Za-z0-9][\w.+-]*", m.group("y")) if w.lower() not in _FILLER]
        if words and words[0].lower() in ("use", "using"):
            words = words[1:]
        if words:
            return slug("no " + " ".join(words[:4]))
    return None


def _key_words(text: str) -> str:
    """The first content words, no stop-words or generic verbs: the fallback."""
    words = [w for w in _SLUG_WORD.findall(text.lower().replace("'", "")) if len(w) > 1 or w.isdigit()]
    content = [w for w in words if w not in STOP and w not in _GENERIC_VERBS and w not in _FILLER]
    return slug(" ".join((content or words)[:4]))


def _tidy(name: str) -> str:
    """A name without closed-class words dangling at its end."""
    parts = name.split("-")
    while len(parts) > 1 and parts[-1] in _DANGLING:
        parts.pop()
    return "-".join(parts)


def name_for(statement: str) -> str:
    """A short, descriptive kebab-case name for one lesson statement."""
    return _tidy(_shaped(statement) or _key_words(statement))


def _shaped(statement: str) -> str | None:
    """The name a statement's shape gives (an offline template, a preference, a negation), or None."""
    s = " ".join(statement.split())
    if m := _FIX.match(s):
        err = error_words(m.group(2) or "")
        return slug(f"fix code when {program(m.group(1))} fails {err}")
    if m := _REPORTS.match(s):
        return slug(f"fix what {program(m.group(1))} reports")
    if m := _INSTEAD.match(s):
        worked, failed = m.group(1), m.group(2)
        wp, fp = _WRAPPER.sub("", worked), _WRAPPER.sub("", failed)
        head_w, head_f = worked.split(" -", 1)[0], failed.split(" -", 1)[0]
        if head_w.strip() != head_f.strip():
            return slug(f"{head_w} not {head_f}")
        added = [w for w in wp.split() if w not in fp.split()]
        removed = [w for w in fp.split() if w not in wp.split()]
        if added:
            return slug(f"{head_w} {' '.join(added[:2])}")
        return slug(f"{head_w} without {' '.join(removed[:2])}")
    if m := _BLIND.match(s):
        return slug(f"dont rerun {program(m.group(1))} blindly")
    if m := _UNCHANGED.match(s):
        return slug(f"dont retry {program(m.group(1))} unchanged")
    if m := _ASK.match(s):
        return slug(f"ask before {program(m.group(1))}")
    if m := _REFUSED.match(s):
        return _preference(m.group(2)) or slug(f"ask before {program(m.group(1))}")
    if m := _CONFIRMED.match(s):
        return _key_words(m.group(1))
    return _preference(s)


def group_name(statements: Sequence[str]) -> str:
    """One name for a group's statements (strongest first): theirs when they agree, else the
    words their names share from the start ("fix-code-when-pytest-fails" for pytest failures
    with different errors), else the strongest statement's."""
    names = [name_for(s) for s in statements]
    if not names:
        return "skill"
    first = names[0].split("-")
    common = first
    for n in names[1:]:
        parts = n.split("-")
        k = 0
        while k < min(len(common), len(parts)) and common[k] == parts[k]:
            k += 1
        common = common[:k]
    if len(common) >= 3 and common != first:
        return _tidy("-".join(common))
    # a name that says what is preferred or refused ("pathlib-not-os-path") over one made of a
    # judgement's first words ("pathlib-reads-better"), strongest statement first
    return next((_tidy(n) for st in statements if (n := _shaped(st))), names[0])
