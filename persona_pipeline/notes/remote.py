"""The litellm note taker: windows → model → (long sessions) one merge call → citations checked.

Strict JSON schema, temperature 0, retries, spend ledger and content-addressed cache all come
from `digests.remote.structured`. A hard provider failure or the budget stops the unit (retried
next run); an unparseable reply is a soft skip: a window without notes, or — in the merge pass —
the deterministic merge of the window notes instead.
"""

from __future__ import annotations

import logging

from persona_pipeline.core.llm.ledger import SpendLedger
from persona_pipeline.core.llm.structured import StructuredCaller, map_units, strict_schema
from persona_pipeline.core.sessions import SessionEvidence
from persona_pipeline.notes import prompt
from persona_pipeline.notes import session as ns
from persona_pipeline.notes.models import DraftNote, NoteKind, NotesReply, NotesResult

log = logging.getLogger(__name__)
# At most this many window notes of each kind go into the merge call (the rest merged locally).
MERGE_INPUT_PER_KIND = 40


class LitellmNoteTaker:
    prompt_version = prompt.PROMPT_VERSION

    def __init__(
        self,
        caller: StructuredCaller,
        concurrency: int = 8,
        window_rows: int = ns.WINDOW_ROWS,
        window_chars: int = ns.WINDOW_CHARS,
    ) -> None:
        self.name = caller.model
        self.caller = caller
        self.schema = strict_schema(NotesReply)
        self.concurrency = concurrency
        self.window_rows = window_rows
        self.window_chars = window_chars

    @property
    def ledger(self) -> SpendLedger:
        return self.caller.ledger

    def _drafts(self, reply: NotesReply, ids: dict[str, str], res: NotesResult) -> list[DraftNote]:
        """The reply's notes with aliases mapped back to evidence ids; an id that is not a row of
        this session is dropped (counted), a note left without one is dropped (counted)."""
        out: list[DraftNote] = []
        for n in reply.notes:
            cited = [ids[e] for e in dict.fromkeys(n.evidence_ids) if e in ids]
            res.dropped_citations += len(set(n.evidence_ids)) - len(cited)
            if not cited:
                res.dropped_uncited += 1
                continue
            text = n.text.strip()
            if len(text) < 2:
                continue
            out.append(
                DraftNote(
                    kind=n.kind,
                    text=text,
                    alternative=(n.alternative or "").strip()[:300] or None,
                    reason=(n.reason or "").strip()[:400] or None,
                    files=[f for f in n.files if f.strip()],
                    functions=[f for f in n.functions if f.strip()],
                    evidence_ids=cited,
                )
            )
        return out

    def _local_merge(self, drafts: list[DraftNote], res: NotesResult) -> list[DraftNote]:
        # The model's order is its ranking: earlier windows' notes first, each window's in its order.
        merged, n = ns.merge([ns.Candidate(d, -i, 0) for i, d in enumerate(drafts)])
        res.merged_duplicates += n
        return merged

    def take(self, session: SessionEvidence) -> NotesResult:
        res = NotesResult(unit_key=session.unit_key)
        try:
            if ns.is_short(session):
                res.skipped = "short_session"
                return res
            names = prompt.aliases(session)
            # the model may cite an alias or, if it copied one, an evidence id of this session
            ids = {**{a: e for e, a in names.items()}, **{e: e for e in names}}
            parts = ns.windows(session.rows, self.window_rows, self.window_chars)
            res.windows = len(parts)
            drafts: list[DraftNote] = []
            for rows in parts:
                reply = self.caller.call(
                    prompt.window_messages(session, rows, names), NotesReply, self.schema, self.prompt_version, res
                )
                if res.status != "ok":
                    return res  # failed or budget: no notes, retried next run
                if reply is not None:
                    drafts.extend(self._drafts(reply, ids, res))
            if len(parts) > 1 and drafts:
                if len(drafts) > 3 * MERGE_INPUT_PER_KIND:  # bound the merge prompt: pre-merge locally
                    drafts, n = ns.merge(
                        [ns.Candidate(d, -i, 0) for i, d in enumerate(drafts)],
                        dict.fromkeys(NoteKind, MERGE_INPUT_PER_KIND),
                    )
                    res.merged_duplicates += n
                reply = self.caller.call(
                    prompt.merge_messages(session, drafts, names), NotesReply, self.schema, self.prompt_version, res
                )
                if res.status != "ok":
                    return res
                if reply is not None:
                    merged = self._drafts(reply, ids, res)
                    res.merged_duplicates += max(0, len(drafts) - len(merged))
                    drafts = self._local_merge(merged, res)  # caps and exact duplicates, in its order
                else:
                    drafts = self._local_merge(drafts, res)  # soft skip: merge deterministically
            else:
                drafts = self._local_merge(drafts, res)
            res.notes = ns.finalize(session, drafts, self.name, self.prompt_version, res)
        except Exception as exc:  # anything unforeseen costs this unit (retried next run), never the batch
            log.warning("litellm notes of one unit failed (%s)", type(exc).__name__)
            res.notes = []
            res.status, res.error = "failed", f"unexpected error: {type(exc).__name__}"
        return res

    def take_many(self, sessions: list[SessionEvidence]) -> list[NotesResult]:
        return map_units(self.take, sessions, self.concurrency, "notes")
