"""The offline note taker: deterministic patterns over the person's words and the tool activity.

Decisions come from the person's prompts and corrections ("let's go with X instead of Y because
Z", "use X rather than Y since …", "we'll keep X", "no, do X not Y", "decided to …"); code changes
from file edits grouped by file (a fix the person asked for, with the edits that followed it, is
one note citing both); todos from the open items of the session's last todo list and from
prompts that defer work. Every text is a span of the (already redacted) evidence, trimmed; a
decision's text is the person's whole sentence (`notes/reading.py`), its alternative and reason
slices of it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from persona_pipeline.core.models import Tier, TurnKind
from persona_pipeline.core.sessions import SessionEvidence, SessionRow
from persona_pipeline.notes import session as ns
from persona_pipeline.notes.models import DraftNote, NoteKind, NotesResult
from persona_pipeline.notes.reading import is_statement, trimmed
from persona_pipeline.persona.digest import reading

log = logging.getLogger(__name__)
PROMPT_VERSION = "notes-offline-v2"  # v2: decisions quoted whole

_OPENER = re.compile(
    r"^(?:(?:ok(?:ay)?|so|well|right|alright|yes|yeah|yep|no|nope|nah|actually|hmm+|fine|great|cool|wait|"
    r"hold on|sorry|stop|hey)\b[,.!:]?\s+)+",
    re.IGNORECASE,
)
_EXPLICIT = re.compile(
    r"^(?:(?:i|we)(?:'ve| have| just)?\s+)?decided\s+(?:to|on|that)\s+|^(?:the\s+)?decision(?:\s+is)?\s*[:\-]\s*"
    r"|^(?:i|we)\s+(?:chose|picked)\s+|^(?:i'm|we're|i am|we are)\s+going\s+with\s+",
    re.IGNORECASE,
)
_LEAD = re.compile(
    r"^(?:let'?s|let us|we(?:'ll| will| should| shall| can)|we're going to|i(?:'ll| will| want to| want us to)"
    r"|i think we should|just|please)\s+|^(?:i|we)(?:'d)?\s+(?=prefer\b)",
    re.IGNORECASE,
)
# A choice verb makes a clause a decision when it follows a lead ("let's keep X") or when the
# verb is itself a choice ("go with X", "stick with X", "switch to X").
_CHOICE = re.compile(
    r"^(?:go(?:ing)?\s+with|use|keep|stick\s+with|switch\s+to|move\s+to|pick|choose|adopt|prefer|drop|replace|"
    r"do|make|put|store|store|write|call|name|return|run|leave)\b",
    re.IGNORECASE,
)
_BARE_CHOICE = re.compile(r"^(?:go\s+with|stick\s+with|switch\s+to|move\s+to|prefer)\b", re.IGNORECASE)
_REASON = re.compile(
    r"^(?P<head>.+?)[\s,]*(?:\(|[—–]\s*|-\s+)?\b(?:because|since|so that|given that|as otherwise)\b\s+(?P<why>.+)$",
    re.IGNORECASE,
)
_INSTEAD = re.compile(r"^(?P<pos>.+?)[\s,]+(?:instead of|rather than)\s+(?P<neg>.+)$", re.IGNORECASE)
_INSTEAD_FIRST = re.compile(r"^(?:instead of|rather than)\s+(?P<neg>.+?),\s*(?P<pos>.+)$", re.IGNORECASE)
_OVER = re.compile(
    r"^(?P<pos>.*?\b(?:prefer|choose|chose|pick|picked|favou?r)\b.+?)\s+over\s+(?P<neg>.+)$", re.IGNORECASE
)
_DONT = re.compile(
    r"^(?:don'?t|do not|never)\s+(?P<verb>[a-z]+)\s+(?P<neg>[^,]+?),\s*(?:(?:we|i)\s+|just\s+|instead\s+)?"
    r"(?P<pos>(?:use|keep|go with|stick with)\b.+)$",
    re.IGNORECASE,
)
_NO_THEN = re.compile(
    r"^no\s+(?P<neg>[^,]+?),\s*(?:just\s+)?(?P<pos>(?:use|keep|go with|stick with)\b.+)$", re.IGNORECASE
)
_NO_ALONE = re.compile(r"^no\s+(?P<neg>[^,]{2,120}?)[.!]?$", re.IGNORECASE)
_NOT = re.compile(r"^(?P<pos>.+?)(?P<sep>,\s*|\s+)(?:and\s+|but\s+)?not\s+(?P<neg>.+)$", re.IGNORECASE)
_AUX = ns.words(
    "do does did don't will would should could can must is are was were am be been have has had may might shall why"
)
_QUESTION = re.compile(
    r"^(?:what|why|how|which|where|when|who)\b|^(?:should|could|would|can|shall|do|does|did|will|is|are)\s+(?:we|i|it|you|"
    r"they|this|that)\b",
    re.IGNORECASE,
)

_FIX = re.compile(
    r"\b(?:fix|fixing|repair|resolve)\b|\bbug\b|\bregression\b|\bcrash(?:es|ed|ing)?\b|\btraceback\b"
    r"|\b(?:is|are|was|were|seems?|looks?|still)\s+(?:still\s+)?(?:broken|failing|wrong)\b|\bbroke\b"
    r"|\b(?:doesn'?t|does not|don'?t|isn'?t|won'?t|can'?t|cannot|no longer)\s+(?:work|load|compile|build|start|run|"
    r"pass|save|parse|render|connect)\b|\bfails?\b|\bchok(?:es|ing)\b|\bmisaligned\b|\bmojibake\b|\bgarbled\b"
    r"|\boff by (?:one|an?)\b|\bbreaks\b",
    re.IGNORECASE,
)

_DEFER = re.compile(
    r"\blater(?:\s+on)?\s*[.!,)]*\s*$|\bnext time\b|\btodo\b|\bto-do\b|\bstill (?:need|have) to\b"
    r"|\bfollow[ -]?up (?:on|with)\b|\bin a follow[ -]?up\b|\beventually\b|\bat some point\b"
    r"|\bseparate (?:pr|pull request|change|commit|session)\b|\bremind me to\b|\bdon'?t forget to\b"
    r"|\bcome back to\b|\brevisit\b|\bfor later\b",
    re.IGNORECASE,
)
_DEFER_LEAD = re.compile(
    r"^(?:todo|to-do)\s*[:\-]?\s*|^(?:(?:we|i|you)\s+)?still\s+(?:need|have)\s+to\s+|^remind me to\s+"
    r"|^don'?t forget to\s+|^next time[,:]?\s+(?:we should\s+|let'?s\s+|please\s+)?"
    r"|^(?:let'?s|we(?:'ll| will| should| can)|i(?:'ll| will))\s+",
    re.IGNORECASE,
)
_DEFER_TAIL = re.compile(
    r"[\s,]*(?:\b(?:later(?:\s+on)?|next time|eventually|at some point|for later)|\bin a (?:separate|follow[ -]?up)"
    r"(?: pr| pull request| change| commit| session)?)\s*[.!,)]*\s*$",
    re.IGNORECASE,
)
_VAGUE = ns.words("do it that this them those stuff thing things one same rest")

_EDIT = re.compile(r"^(?P<tool>[^:\n]{1,60}):\s+(?P<path>[^\n]+?)(?:\s+\(functions:\s*(?P<fns>[^)\n]*)\))?\s*$")
_TODO_ITEM = re.compile(r"^\s*\[(?P<status>[^\]\n]{1,30})\]\s*(?P<item>\S.*?)\s*$")
_DONE = frozenset({"completed", "complete", "done", "x", "finished", "cancelled", "canceled"})
_ACTIVE = frozenset({"in_progress", "in-progress", "in progress", "active", "doing"})
MAX_TEXT = 240


def _clean(s: str | None) -> str:
    """Trimmed of surrounding spaces, quotes and trailing punctuation; at most MAX_TEXT chars,
    cut at a word."""
    if not s:
        return ""
    s = s.strip()
    while len(s) > 1 and s[0] == s[-1] and s[0] in "\"'`":  # a quoted span, not a lone backtick
        s = s[1:-1].strip()
    s = s.rstrip(" .,;:!—–-").strip()
    if s.endswith(")") and s.count("(") < s.count(")"):
        s = s[:-1].rstrip()
    if len(s) > MAX_TEXT:
        s = s[:MAX_TEXT].rsplit(" ", 1)[0].rstrip(" ,;:") + " …"
    return s


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _meaningful(s: str) -> bool:
    return bool(ns.tokens(s) - _VAGUE)


@dataclass(frozen=True)
class Decision:
    text: str
    alternative: str | None
    reason: str | None
    explicit: bool


def _split_alternative(head: str) -> tuple[str, str | None]:
    m = _DONT.match(head)
    if m:  # "don't use pip, we use uv"; "don't mock the database, use a real file"
        verb = m.group("verb").casefold()
        # the rejected option in the person's words ("mock the database"), never re-inflected
        return m.group("pos"), m.group("neg") if verb == "use" else f"{m.group('verb')} {m.group('neg')}"
    for pat in (_NO_THEN, _INSTEAD_FIRST, _INSTEAD, _OVER):
        m = pat.match(head)
        if m:
            return m.group("pos"), m.group("neg")
    m = _NOT.match(head)
    if m:
        before = m.group("pos").split()
        # "do not", "shouldn't … not", "it's not firing": a negated verb, not a contrast
        last = before[-1].casefold().replace("’", "'") if before else ""
        if last and last not in _AUX and last not in reading.AUX and not last.endswith("n't"):
            return m.group("pos"), m.group("neg")
    return head, None


def decision(sentence: str) -> Decision | None:
    """A decision stated in one sentence of the person's, or None. Its text is the sentence in
    the person's words, trimmed of filler (a quote, never the chosen option cut out of it);
    the alternative and the reason are slices of it. A sentence the reading takes for a bug
    report or a description ("I set a watch on line 212 and it's not firing") decides nothing."""
    s = sentence.strip()
    if not s or s.endswith("?"):
        return None
    quote = s
    s = _OPENER.sub("", s)
    if _QUESTION.match(s):
        return None
    reason = None
    m = _REASON.match(s)
    if m:
        s, reason = m.group("head"), m.group("why")
    explicit = bool(_EXPLICIT.match(s))
    s = _EXPLICIT.sub("", s)
    led = bool(_LEAD.match(s))
    s = _LEAD.sub("", s)
    pos, alternative = _split_alternative(s)
    pos = _clean(pos)
    if not (explicit or alternative or _BARE_CHOICE.match(pos) or (led and _CHOICE.match(pos))):
        return None
    if alternative is not None and not _meaningful(alternative):
        alternative = None
        if not (explicit or _BARE_CHOICE.match(pos) or (led and _CHOICE.match(pos))):
            return None
    if len(pos) < 3 or not _meaningful(pos):
        return None
    quote = _clean(trimmed(quote))
    if not is_statement(quote):  # read last: the reading costs more than the patterns above
        return None
    return Decision(_capital(quote), _clean(alternative) or None, _clean(reason) or None, explicit)


_ASK = re.compile(
    r"^(?:please|can you|could you|would you|pls)\s+|^(?:why|how come)\s+(?:is|are|does|do|did)\s+", re.IGNORECASE
)
_CONDITIONAL = re.compile(r"^(?:if|when|unless|in case|once)\b", re.IGNORECASE)
_FIX_VERB = re.compile(r"^fix\s+", re.IGNORECASE)


def fix_request(sentence: str) -> str | None:
    """The person's description of a bug to fix, as the note of its fix ("Fixed …"), or None."""
    s = _OPENER.sub("", sentence.strip())
    if not _FIX.search(s) or _CONDITIONAL.match(s):
        return None
    s = _clean(_ASK.sub("", s.rstrip("?")))
    if len(s) < 3 or not _meaningful(s):
        return None
    return _FIX_VERB.sub("Fixed ", s) if _FIX_VERB.match(s) else f"Fixed: {s}"


_FIX_WORDS = ns.words("fix fixed fixing please pls now can you could")


def fix_of_turn(text: str) -> str | None:
    """The fix one turn of the person's asks for: its first bug sentence, or — when that only
    says "fix it" — the turn's first other sentence, which describes the problem."""
    parts = reading.sentences(text)
    for i, s in enumerate(parts):
        f = fix_request(s)
        if f is None:
            continue
        if ns.tokens(f) - _FIX_WORDS - _VAGUE:
            return f
        for other in parts[:i] + parts[i + 1 :]:
            desc = _clean(_OPENER.sub("", other))
            if len(desc) >= 3 and _meaningful(desc) and not _CONDITIONAL.match(desc) and not desc.endswith("?"):
                return f"Fixed: {desc}"
        return None
    return None


def deferral(sentence: str) -> str | None:
    """Work the person leaves for later, or None."""
    s = _OPENER.sub("", sentence.strip())
    if not _DEFER.search(s) or s.rstrip().endswith("?"):
        return None
    s = _DEFER_TAIL.sub("", s)
    s = _DEFER_LEAD.sub("", s.strip())
    s = _clean(s)
    return _capital(s) if len(s) >= 3 and _meaningful(s) else None


def parse_edit(excerpt: str) -> tuple[str, str, list[str]] | None:
    """(tool, path, functions) of a file-edit row: "<Tool>: <path>[ (functions: a, b)]"."""
    m = _EDIT.match(excerpt.strip())
    if not m:
        return None
    fns = [f.strip() for f in (m.group("fns") or "").split(",") if f.strip()]
    return m.group("tool").strip(), m.group("path").strip(), fns


def parse_todo_list(excerpt: str) -> list[tuple[str, str]]:
    """(status, item) per "[status] item" line."""
    out = []
    for line in excerpt.splitlines():
        m = _TODO_ITEM.match(line)
        if m:
            out.append((m.group("status").strip().casefold(), _clean(m.group("item"))))
    return [(s, i) for s, i in out if i]


# --- the window pass --------------------------------------------------------------------------
@dataclass
class Edit:
    path: str
    functions: list[str]
    evidence_id: str
    line: int
    responds_to: str | None  # the person's turn this edit followed


@dataclass
class FixRequest:
    text: str
    evidence_id: str
    line: int


@dataclass
class TodoList:
    evidence_id: str
    line: int
    items: list[tuple[str, str]]


@dataclass
class WindowNotes:
    decisions: list[ns.Candidate] = field(default_factory=list)
    deferred: list[ns.Candidate] = field(default_factory=list)
    fixes: list[FixRequest] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)
    todo_list: TodoList | None = None


def _decision_score(d: Decision, row: SessionRow) -> float:
    return 1.0 + (d.alternative is not None) + (d.reason is not None) + 0.5 * d.explicit + 0.25 * (row.tier is Tier.T1)


def _span(text: str, first: str, second: str) -> str | None:
    """The slice of `text` from `first` through the `second` that follows it."""
    a = text.find(first)
    b = text.find(second, a + len(first)) if a >= 0 else -1
    return text[a : b + len(second)] if b >= 0 else None


def window_notes(rows: Sequence[SessionRow], responds_to: dict[str, str | None]) -> WindowNotes:
    out = WindowNotes()
    for r in rows:
        if ns.is_person(r):
            parts = reading.sentences(r.excerpt)
            for i, s in enumerate(parts):
                d = decision(s)
                if d is not None and d.alternative is None and i + 1 < len(parts):
                    m = _NO_ALONE.match(parts[i + 1])  # "stick with polars — no pandas round-trips"
                    if m and _meaningful(m.group("neg")):
                        # quoted with both sentences as said, so the alternative is never spliced on
                        both = _span(r.excerpt, s, parts[i + 1])
                        text = _capital(_clean(trimmed(both))) if both else d.text
                        d = Decision(text, _clean(m.group("neg")), d.reason, d.explicit)
                if d is not None:
                    draft = DraftNote(
                        kind=NoteKind.DECISION,
                        text=d.text,
                        alternative=d.alternative,
                        reason=d.reason,
                        evidence_ids=[r.evidence_id],
                    )
                    out.decisions.append(ns.Candidate(draft, _decision_score(d, r), r.line_no))
                t = deferral(s)
                if t is not None:
                    draft = DraftNote(kind=NoteKind.TODO, text=t, evidence_ids=[r.evidence_id])
                    out.deferred.append(ns.Candidate(draft, 3.0, r.line_no))
            if (f := fix_of_turn(r.excerpt)) is not None:
                out.fixes.append(FixRequest(f, r.evidence_id, r.line_no))
        elif r.kind == TurnKind.FILE_EDIT.value:
            parsed = parse_edit(r.excerpt)
            if parsed is not None:
                out.edits.append(Edit(parsed[1], parsed[2], r.evidence_id, r.line_no, responds_to.get(r.evidence_id)))
        elif r.kind == TurnKind.TODO.value:
            out.todo_list = TodoList(r.evidence_id, r.line_no, parse_todo_list(r.excerpt))
    return out


# --- the merge pass ---------------------------------------------------------------------------
def _code_changes(parts: Sequence[WindowNotes]) -> list[ns.Candidate]:
    edits = [e for p in parts for e in p.edits]
    fixes = {f.evidence_id: f for p in parts for f in p.fixes}
    out: list[ns.Candidate] = []
    by_fix: dict[str, list[Edit]] = {}
    rest: list[Edit] = []
    for e in edits:
        if e.responds_to in fixes:
            by_fix.setdefault(e.responds_to, []).append(e)
        else:
            rest.append(e)
    for fid, fes in by_fix.items():
        f = fixes[fid]
        draft = DraftNote(
            kind=NoteKind.CODE_CHANGE,
            text=f.text,
            files=list(dict.fromkeys(e.path for e in fes)),
            functions=list(dict.fromkeys(fn for e in fes for fn in e.functions)),
            evidence_ids=[fid, *dict.fromkeys(e.evidence_id for e in fes)],
        )
        out.append(ns.Candidate(draft, 3.0 + 0.1 * min(len(fes), 10), f.line, frozenset({f"fix:{fid}"})))
    by_file: dict[str, list[Edit]] = {}
    for e in rest:
        by_file.setdefault(e.path, []).append(e)
    for path, fes in by_file.items():
        n = len(fes)
        draft = DraftNote(
            kind=NoteKind.CODE_CHANGE,
            text=f"Edited {path}" + (f" ({n} edits)" if n > 1 else ""),
            files=[path],
            functions=list(dict.fromkeys(fn for e in fes for fn in e.functions)),
            evidence_ids=list(dict.fromkeys(e.evidence_id for e in fes)),
        )
        score = 1.0 + 0.1 * min(n, 10) + 0.05 * min(len(draft.functions), 10)
        out.append(ns.Candidate(draft, score, max(e.line for e in fes)))
    return out


def _todos(parts: Sequence[WindowNotes]) -> list[ns.Candidate]:
    lists = [p.todo_list for p in parts if p.todo_list is not None]
    last = max(lists, key=lambda t: t.line) if lists else None
    out: list[ns.Candidate] = []
    done: list[frozenset[str]] = []
    if last is not None:
        for i, (status, item) in enumerate(last.items):
            if status in _DONE:
                done.append(ns.tokens(item))
                continue
            score = 2.5 if status in _ACTIVE else 2.0
            draft = DraftNote(kind=NoteKind.TODO, text=_capital(item), evidence_ids=[last.evidence_id])
            # items keep their list order among equals
            out.append(ns.Candidate(draft, score - 0.001 * i, last.line))
    for c in (c for p in parts for c in p.deferred):
        if any(ns.similar(c.key, d, 0.6) for d in done):
            continue  # deferred, then done before the session ended
        out.append(c)
    return out


def responses(rows: Sequence[SessionRow]) -> dict[str, str | None]:
    """For every row, the evidence id of the request it is work on (None before the first): the
    person's last turn, except that a correction continues the request before it ("no, use a
    real file") unless it asks for a fix itself."""
    out: dict[str, str | None] = {}
    last: str | None = None
    for r in rows:
        if ns.is_person(r) and (
            last is None or r.kind != TurnKind.CORRECTION.value or fix_of_turn(r.excerpt) is not None
        ):
            last = r.evidence_id
        out[r.evidence_id] = last
    return out


class OfflineNoteTaker:
    name = "offline"
    prompt_version = PROMPT_VERSION

    def __init__(self, window_rows: int = ns.WINDOW_ROWS, window_chars: int = ns.WINDOW_CHARS) -> None:
        self.window_rows = window_rows
        self.window_chars = window_chars

    def take(self, session: SessionEvidence) -> NotesResult:
        res = NotesResult(unit_key=session.unit_key)
        if ns.is_short(session):
            res.skipped = "short_session"
            return res
        follows = responses(session.rows)
        parts = [window_notes(w, follows) for w in ns.windows(session.rows, self.window_rows, self.window_chars)]
        res.windows = len(parts)
        candidates = [c for p in parts for c in p.decisions] + _code_changes(parts) + _todos(parts)
        drafts, res.merged_duplicates = ns.merge(candidates)
        res.notes = ns.finalize(session, drafts, self.name, self.prompt_version, res)
        return res

    def take_many(self, sessions: list[SessionEvidence]) -> list[NotesResult]:
        out = []
        for s in sessions:
            try:
                out.append(self.take(s))
            except Exception as exc:  # a bug on one session costs that unit (retried), never the batch
                log.warning("offline notes of one unit failed (%s)", type(exc).__name__)
                out.append(
                    NotesResult(unit_key=s.unit_key, status="failed", error=f"unexpected error: {type(exc).__name__}")
                )
        return out
