"""Text that recurs by machine, not by the person: counted once as support.

Two shapes repeat a person's prompts across sessions without the person saying them again:
- **copied sessions**: a history tool saved the same chat twice under two names (a copy, or a copy
  and its continuation). A session most of whose prompts (`COPY_SHARE`, two at least) lie in pairs
  of consecutive prompts that appear, in the same order and verbatim, in an earlier session is that
  session again (two short prompts, "check the output" / "continue", recur by habit: a pair must be
  `COPY_PAIR_CHARS` long together). A routine is not a copy: one prompt said in many sessions ("write
  the changelog line and tag it" at the end of every session), or the same two prompts opening every
  session before the day's work, is the habit the pack is for, and counts in every session.
- **a session saved again whole**: every sentence the reader kept of a session (two at least) is also
  one of one other session holding at least as many (an exporter saving one chat twice, a chat and
  its continuation saved under two names); short ones included, since the whole session recurs, not
  one routine pair. A one-sentence session can't be told from a person asking the same thing again:
  it counts.
- **a tool's prompt template**: an editor's "fix this" action writes the same multi-sentence frame
  around a varying payload (the error, the selected code) in every session it is used. Its frame
  recurs verbatim in three sessions or more, always around a fenced payload, and the payload differs
  between them: the tool wrote the frame (a use whose frame was altered around the payload counts
  as one when it opens with the template's opening line). A person's own saved prompt pasted around
  a varying payload has the same shape, and nothing tells the two apart, so neither is dropped: each
  counts once (its observations from the first session it appears in stay; the later ones go),
  which is what one session's say-so is worth. A saved prompt the person reuses with no payload
  counts in full (a habit, as above).

Read from the stored evidence (the excerpts as kept: redacted, pasted material already taken out),
in memory only, for one fold; nothing is written back but the rules the fold makes. Linear in the
evidence rows (one dict lookup per row and per pair of rows).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice, pairwise

import duckdb

from persona_pipeline.persona.digest.models import Observation

TEMPLATE_SESSIONS = 3  # a frame in this many sessions or more, around payloads that differ, is a template
COPY_PAIR_CHARS = 100  # two consecutive prompts this long together, repeated in order, may be a copy
COPY_SHARE = 0.8  # ... when they make up this share of the later session's prompts (a copied file)
COPY_CANDIDATES = 48  # sessions a session is compared with as its copy's original (a bound on the pass)
TEMPLATE_FRAME_CHARS = 60  # a frame shorter than this is an instruction, not a template
TEMPLATE_OPENING_CHARS = 25  # a template's opening line this long names it (shorter: "here:", "error:")
_FENCED = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n.*?(?:^ {0,3}\1[^\n]*$|\Z)", re.MULTILINE | re.DOTALL)
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")
_PAYLOAD = "\x00"


@dataclass(frozen=True)
class Prompt:
    unit_key: str
    evidence_id: str
    text: str  # normalised: blanks collapsed, casefolded


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _prompts(con: duckdb.DuckDBPyConnection) -> list[list[Prompt]]:
    """The person's prompts per unit, in order, units in the order they began."""
    rows = con.execute(
        """SELECT unit_key, evidence_id, excerpt FROM evidence
           WHERE tier IN ('T1', 'T2') AND excerpt IS NOT NULL
           ORDER BY min(timestamp) OVER (PARTITION BY unit_key) NULLS LAST, unit_key, line_no, evidence_id"""
    ).fetchall()
    units: list[list[Prompt]] = []
    for unit_key, evidence_id, excerpt in rows:
        if not units or units[-1][0].unit_key != unit_key:
            units.append([])
        units[-1].append(Prompt(unit_key, evidence_id, excerpt))
    return units


def copied_evidence(units: Sequence[Sequence[Prompt]]) -> set[str]:
    """Evidence ids of a copied session's prompts: a session most of whose prompts
    (`COPY_SHARE`, two at least) lie in pairs of consecutive prompts an earlier session holds in the
    same order. A routine the person opens every session with (the same two prompts, then the day's
    work) leaves most of a session new: it counts in every session."""
    seen: dict[tuple[str, str], str] = {}  # a pair of consecutive prompts -> the first unit it was in
    copied: set[str] = set()
    for unit in units:
        texts = [_norm(p.text) for p in unit]
        # a pair of short prompts ("check the output" / "continue") recurs by habit: only a pair
        # long enough to say something (COPY_PAIR_CHARS together) tells a copy
        pairs = [(i, pair) for i, pair in enumerate(pairwise(texts)) if len(pair[0]) + len(pair[1]) >= COPY_PAIR_CHARS]
        repeated: set[int] = set()
        for i, pair in pairs:
            first = seen.get(pair)
            if first is not None and first != unit[i].unit_key:
                repeated.update((i, i + 1))
        if len(repeated) >= 2 and len(repeated) >= COPY_SHARE * len(unit):
            copied.update(unit[i].evidence_id for i in repeated)
        for _, pair in pairs:
            seen.setdefault(pair, unit[0].unit_key)
    return copied


def copied_sessions(observations: Sequence[Observation]) -> set[str]:
    """The sessions saved again whole (see the module docstring), read from what the reader kept of
    their prompts (the observations' quotes: a pasted conflict or log that differs between the two
    files is already cut away): every quote of a session of two or more is also a quote of one other
    session holding at least as many. The copy (the smaller, else the later-beginning session of the
    two) is not counted again. Each session is compared with the first COPY_CANDIDATES sessions
    holding its rarest quote (a bound on the pass)."""
    texts: dict[str, set[str]] = {}
    begins: dict[str, str] = {}
    for o in observations:
        key = o.session_id or o.unit_key
        texts.setdefault(key, set()).add(_norm(o.quote))
        begins[key] = min(begins.get(key, o.timestamp or ""), o.timestamp or "")
    order = {k: i for i, k in enumerate(sorted(texts, key=lambda k: (begins[k], k)))}
    holders: dict[str, list[str]] = {}  # a quote -> the sessions holding it, in session order
    for key in sorted(texts, key=order.__getitem__):
        for q in texts[key]:
            holders.setdefault(q, []).append(key)
    copies: set[str] = set()
    # the smaller first, of two the same size the later (the copy keeps the earlier session)
    for key in sorted(texts, key=lambda k: (len(texts[k]), -order[k])):
        qs = texts[key]
        if len(qs) < 2:
            continue
        rarest = min(qs, key=lambda q: len(holders[q]))
        near = (k for k in holders[rarest] if k != key and k not in copies)
        for other in islice(near, COPY_CANDIDATES):
            if len(texts[other]) >= len(qs) and qs <= texts[other]:
                copies.add(key)
                break
    return copies


def sibling_template(around: Sequence[frozenset[str]]) -> bool:
    """Every use of a request sits in a turn with the same other sentence, word for word (`around`:
    per use, the other sentences read from its turn): a paragraph pasted or generated the same way
    each time (an editor's prompt template with no fenced payload), not a request typed anew."""
    return bool(around) and bool(frozenset.intersection(*around))


def _frame(text: str) -> str | None:
    """The prompt with its fenced payloads replaced by one mark each, normalised; None when it
    holds no fenced payload or its frame is too short or a single sentence to be a template."""
    if "```" not in text and "~~~" not in text:
        return None
    frame, n = _FENCED.subn(_PAYLOAD, text)
    if not n:
        return None
    words = _norm(frame.replace(_PAYLOAD, " "))
    if len(words) < TEMPLATE_FRAME_CHARS or len(_SENTENCE_END.findall(words)) < 2:
        return None
    return _norm(frame)


def template_repeats(units: Sequence[Sequence[Prompt]]) -> set[str]:
    """Evidence ids of a template's uses after the first session that used it (see the docstring).
    A use whose frame was altered around the payload (an edit, a merge conflict's markers) is still
    one when it opens with a known template's opening line (`_opening`) and holds a payload."""
    uses: dict[str, list[Prompt]] = {}
    with_payload: list[tuple[Prompt, str]] = []
    for unit in units:
        for p in unit:
            frame = _frame(p.text)
            if frame is not None:
                uses.setdefault(frame, []).append(p)
            opening = _opening(p.text)
            if opening is not None:
                with_payload.append((p, opening))
    openings: set[str] = set()
    for prompts in uses.values():
        sessions = {p.unit_key for p in prompts}
        if len(sessions) >= TEMPLATE_SESSIONS and len({_norm(p.text) for p in prompts}) >= 2:
            opening = _opening(prompts[0].text)
            if opening is not None:
                openings.add(opening)
    first_session: dict[str, str] = {}
    out: set[str] = set()
    for p, opening in with_payload:  # in session order
        if opening not in openings:
            continue
        first = first_session.setdefault(opening, p.unit_key)
        if p.unit_key != first:
            out.add(p.evidence_id)
    return out


def _opening(text: str) -> str | None:
    """The first line of a prompt that holds a fenced payload after it, normalised, when long
    enough (`TEMPLATE_OPENING_CHARS`) to name a template rather than say "here:"."""
    if "```" not in text and "~~~" not in text:
        return None
    m = _FENCED.search(text)
    if m is None:
        return None
    head = text[: m.start()].strip().split("\n", 1)[0]
    head = _norm(head)
    return head if len(head) >= TEMPLATE_OPENING_CHARS else None


def counted_once(con: duckdb.DuckDBPyConnection, observations: list[Observation]) -> list[Observation]:
    """The observations without those read only from a copied session's prompts (a copied pair
    run or a session saved again whole) or from a template's later uses: what recurs by machine
    counts once."""
    units = _prompts(con)
    repeated = copied_evidence(units) | template_repeats(units)
    copies = copied_sessions(observations)
    if not repeated and not copies:
        return observations
    return [
        o
        for o in observations
        if (o.session_id or o.unit_key) not in copies
        and (not o.evidence_ids or not all(e in repeated for e in o.evidence_ids))
    ]
