"""Habits shown by repetition: the same kind of request made in several sessions.

A person rarely states "always draft the changelog entry"; they ask for one at the end of session
after session, each time about that session's work. No single sentence is a rule (each is a request
for the moment, `digest.requests`), but the same kind of request across sessions is a standing
habit the agent can take up unasked.

Kind of request: an imperative clause's head verb and its object's words up to the first
preposition (`digest.requests.requests_in`), the object reduced to its words of Zipf ≤ 5.2
(OBJECT_WEIGHT: "invoice", "recipe", "changelog" stay; "change", "thing", "work" go). Two
requests are one kind when their verbs are one word or WordNet synonyms (`similarity.similarity`
credits synonyms) — or both produce a text for the person (the verbs of creation and of giving and
saying, Levin 1993 §26 and §13.1, §37.7: "write the changelog entry" / "give me a changelog line") — and
their objects are alike (rarity-weighted Dice ≥ OBJECT_SIMILARITY); an object-less request counts
only when its verb is itself specific (Zipf ≤ 5: "deploy", "rebase", "publish"; not "do", "go", "run").
Never a habit:
  - a repair ("fix", "debug", …) or any request said beside a malfunction (`reading.MALFUNCTION`,
    "still", "again"): asked again because the agent failed, not because the person wants it each
    time;
  - an aspectual verb (Levin 1993 §55.1: begin, continue, proceed, resume, start, stop, finish …)
    or a light verb with no object of its own ("do it", "go on", "try again").

Sessions that only repeat another session's words (an exporter saving one chat twice) are dropped
before the fold (`repeats.counted_once`); a request that always sits beside the same other sentence
of its turn is a pasted template, not typed anew (`repeats.sibling_template`).

Support: distinct sessions. A habit needs MIN_HABIT_SESSIONS of them (a request made in two sessions
can be two one-offs that happen to share a verb). Inside one session, repeats add to the score with
diminishing returns, capped below a second session's worth: a long session asking for the same
thing ten times shows more than one remark, but one session is still one occasion of work, and a
run of repeats there is as likely the agent failing to do it as the person's habit.

The bullet is the person's own clearest wording — the instance with no pointing word, no file and
no malfunction, shortest first — framed as what they repeatedly ask for: `Repeatedly asks: "<their
words>"`. The frame is the pack's, the words inside the quotes are theirs, unchanged.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from persona_pipeline.persona import repeats
from persona_pipeline.persona.digest import similarity as sim
from persona_pipeline.persona.digest import tongues
from persona_pipeline.persona.digest.machine_line import machine_line
from persona_pipeline.persona.digest.models import TIER_WEIGHT, Facet, Observation, Rule
from persona_pipeline.persona.digest.reading import DEICTIC_TIME, MALFUNCTION, MENTAL, NAMED_CODE, is_question
from persona_pipeline.persona.digest.requests import Request, polite_request, requests_in

MIN_HABIT_SESSIONS = 3
OBJECT_SIMILARITY = 0.5
# an object's words that say what kind of thing it is: Zipf ≤ 5.2 (rarer than about one word in
# 6,000: "tests", "title", "code", "documentation" stay; "change", "problem", "work", "thing" go)
OBJECT_WEIGHT = sim._w(5.2)
WHOLE_MAX_WORDS = 25  # a sentence read whole as one request: longer is a task description, not a request
WHOLE_SIMILARITY = 0.6  # two requests read whole (no verb to compare) must share most of their words
CANDIDATES = 48  # kinds a request is compared with per index key, newest first (a bound on the pass)
REPEAT_CREDIT = 0.5  # the most a session's repeats add, as a share of its own weight (< a second session)
FRAME = 'Repeatedly asks: "{}"'

# repair verbs: a request to mend what failed (WordNet's "repair" synset and its near kin)
_REPAIR = frozenset({"fix", "repair", "debug", "resolve", "mend", "patch", "troubleshoot", "solve"})
# Levin 1993 §55.1 (begin verbs) and §55.2 (complete verbs): the course of the work, not the work
_ASPECTUAL = frozenset(
    {"begin", "start", "commence", "continue", "proceed", "resume", "repeat", "stop", "cease", "end", "finish"}
    | {"complete", "terminate", "undertake", "keep", "go", "carry"}
)
# light verbs (Jespersen 1942, "light" or "delexical" verbs): meaning comes from their object
_LIGHT = frozenset({"do", "make", "take", "have", "get", "give", "let", "try", "see", "look", "help", "put", "run"})
# verbs that produce a text for the person: creation (Levin §26.4: compose, draft, write, …), giving
# (§13.1: give, hand, pass), saying (§37.7: suggest, propose, …), and their everyday forms
_PRODUCE = frozenset(
    {"write", "draft", "compose", "prepare", "create", "produce", "generate", "make", "give", "provide", "offer"}
    | {"suggest", "propose", "recommend", "come"}
)
_MENTION = re.compile(r"(?:^|[\s(])(?:#(?:file|sym):\S*|@[\w./-]*\w)")
_POINTING = re.compile(r"\b(?:this|that|these|those|it|above|below|here)\b|@|#file:")


def _object_words(r: Request) -> frozenset[str]:
    if not r.verb:
        return sim.tokens(" ".join(r.object))
    return sim.rare(sim.tokens(" ".join(r.object)), OBJECT_WEIGHT) if r.object else frozenset()


def _requests(quote: str) -> tuple[Request, ...]:
    """The imperative clauses of an English sentence; a sentence in another language (letters
    outside ASCII) with none of them is one request as a whole, its kind its words
    (`similarity.tokens` reads any script), short enough to be one request."""
    found = requests_in(quote)
    if found or quote.isascii() or len(quote.split()) > WHOLE_MAX_WORDS:
        return found
    return (Request("", tuple(quote.split()), 0),)


def _countable(r: Request, quote: str) -> bool:
    if not r.verb:
        # a request read whole (another language): no question, time of the moment, report of how
        # one thing behaves or repetition (`tongues.one_off`), no malfunction, no terminal line
        return (
            tongues.one_off(quote) in {"", "single act"}
            and not MALFUNCTION.search(quote.lower())
            and not machine_line(quote)
        )
    if r.verb in _REPAIR or r.verb in _ASPECTUAL or r.verb in MENTAL:
        return False
    low = quote.lower()
    if machine_line(quote):
        return False  # a shell prompt, a command, a path or a data row recurs by pasting
    if (
        MALFUNCTION.search(low)
        or re.search(r"\b(?:still|again|error|errors)\b", low)
        or (is_question(quote) and not polite_request(quote))
    ):
        return False
    if not _object_words(r):
        # an object-less request counts only when the verb is specific ("commit", "push")
        return r.verb not in _LIGHT and sim.zipf(r.verb) <= 5.0 and not r.object
    return True


def _same_verb(a: str, b: str) -> bool:
    if a == b or (a in _PRODUCE and b in _PRODUCE):
        return True
    return sim.similarity(sim.tokens(a), sim.tokens(b)) >= 0.99


class _Kind:
    __slots__ = ("members", "obj", "verb")

    def __init__(self, verb: str, obj: frozenset[str]) -> None:
        self.verb, self.obj = verb, obj
        self.members: list[tuple[Observation, Request]] = []

    def takes(self, verb: str, obj: frozenset[str]) -> bool:
        if not self.verb or not verb:
            return not self.verb and not verb and sim.similarity(self.obj, obj) >= WHOLE_SIMILARITY
        if not _same_verb(self.verb, verb):
            return False
        if not self.obj or not obj:
            return self.obj == obj
        return sim.similarity(self.obj, obj) >= OBJECT_SIMILARITY


def _from_first_request(o: Observation) -> str:
    """The person's sentence from its first request's verb on ("if yes, prepare …" → "prepare …")."""
    first = requests_in(o.quote)
    t = o.quote[first[0].start :] if first and first[0].start < len(o.quote) else o.quote
    t = t.strip().rstrip(" ,;:")
    return t[:1].upper() + t[1:]


def _clean(text: str) -> bool:
    low = text.lower()
    return not (_POINTING.search(low) or NAMED_CODE.search(text) or DEICTIC_TIME.search(low))


def _wording(members: Sequence[tuple[Observation, Request]]) -> str:
    """The clearest instance: no pointing word, file or time of the moment, three words or more, the
    shortest, the oldest."""
    texts = [(_from_first_request(o), o.timestamp or "") for o, _ in members]
    # a bare verb or two ("push.") says less than the sentence around it: three words at least first
    t = min(texts, key=lambda x: (not _clean(x[0]), len(x[0].split()) < 3, len(x[0]), x[1]))[0]
    return t if t.endswith((".", "!", ")")) else t + "."


def _verb_keys(verb: str) -> frozenset[str]:
    return frozenset({"<produce>"}) if verb in _PRODUCE else sim.index_keys(sim.tokens(verb)) | {verb}


def habit_kinds(observations: Sequence[Observation]) -> list[list[tuple[Observation, Request]]]:
    """Requests grouped by kind, in first-seen order; each observation's requests counted once per
    kind. A request is compared only with the kinds sharing a verb key and an object key (an
    inverted index), so the pass stays near-linear in the number of requests."""
    kinds: list[_Kind] = []
    index: dict[tuple[str, str], list[int]] = {}
    seen: set[tuple[str, str]] = set()
    for o in sorted(observations, key=lambda x: (x.timestamp or "", x.observation_id)):
        if o.facet is Facet.DIRECTIVES:
            continue
        # copies of one utterance count once (a resumed session replays it under another id)
        key = (" ".join(o.quote.split()).casefold(), o.timestamp or o.observation_id)
        if key in seen:
            continue
        seen.add(key)
        placed: set[int] = set()
        for r in _requests(o.quote):
            if not _countable(r, o.quote):
                continue
            obj = _object_words(r)
            keys = [(v, x) for v in _verb_keys(r.verb) for x in (sim.index_keys(obj) if obj else {""})]
            # (the newest kinds under each key only: thousands of requests sharing a verb and one
            # object word, each its own kind, made the pass quadratic; rev52c H6)
            near = sorted({i for kx in keys for i in index.get(kx, ())[-CANDIDATES:]})
            k = next((i for i in near if kinds[i].takes(r.verb, obj)), None)
            if k is None:
                kinds.append(_Kind(r.verb, obj))
                k = len(kinds) - 1
                for kx in keys:
                    index.setdefault(kx, []).append(k)
            if k not in placed:
                kinds[k].members.append((o, r))
                placed.add(k)
    return [k.members for k in kinds]


def _sessions(members: Sequence[tuple[Observation, Request]]) -> set[str]:
    return {o.session_id or o.unit_key for o, _ in members}


def habit_score(members: Sequence[tuple[Observation, Request]]) -> float:
    """Σ over sessions of the session's strongest tier weight, plus up to REPEAT_CREDIT of it for
    its repeats (k turns asking: × 1 + REPEAT_CREDIT·(1 − 1/k)); one wording said k times in a
    session is one observation with k evidence turns."""
    weight: dict[str, float] = {}
    turns: dict[str, set[str]] = {}
    for o, _ in members:
        sid = o.session_id or o.unit_key
        weight[sid] = max(weight.get(sid, 0.0), TIER_WEIGHT[o.tier])
        turns.setdefault(sid, set()).update(o.evidence_ids or [o.observation_id])
    return round(sum(w * (1 + REPEAT_CREDIT * (1 - 1 / len(turns[s]))) for s, w in weight.items()), 3)


def _holds(rule: Rule, request: Request, ids: frozenset[str]) -> bool:
    """A rule already says this habit: it asks for the same kind of thing and holds half its requests."""
    if len(ids & set(rule.observation_ids)) * 2 < len(ids):
        return False
    kind = _Kind(request.verb, _object_words(request))
    return any(kind.takes(r.verb, _object_words(r)) for r in requests_in(rule.statement))


def _siblings(observations: Sequence[Observation]) -> dict[str, frozenset[str]]:
    """Per observation, the other sentences read from its turn (by shared evidence)."""
    by_ev: dict[str, set[str]] = {}
    for o in observations:
        for e in o.evidence_ids:
            by_ev.setdefault(e, set()).add(" ".join(o.quote.split()).casefold())
    return {
        o.observation_id: frozenset().union(*(by_ev[e] for e in o.evidence_ids))
        - {" ".join(o.quote.split()).casefold()}
        for o in observations
        if o.evidence_ids
    }


def _template(members: Sequence[tuple[Observation, Request]], siblings: dict[str, frozenset[str]]) -> bool:
    return repeats.sibling_template([siblings.get(o.observation_id, frozenset()) for o, _ in members])


# an object that points at what the conversation holds (Quirk et al. 1985 §6.18, §6.40)
_POINTED_OBJECT = frozenset({"this", "that", "these", "those", "it", "them"})


def _clean_sessions(members: Sequence[tuple[Observation, Request]]) -> set[str]:
    """The sessions where the request is about no one thing of the conversation: its object is no
    demonstrative or pronoun and the sentence mentions no file in the editor's syntax. "Write this
    rule" asked in three sessions is three requests about three things just said, not a way of
    working. (A time of the occasion stays: "the notes for this sprint" is what a habit asks for.)"""
    return {o.session_id or o.unit_key for o, r in members if not _points(o.quote, r) and not _MENTION.search(o.quote)}


def _points(quote: str, r: Request) -> bool:
    """The request's object opens with a demonstrative or is a pronoun (`Request.object` drops
    determiners, so the words after the verb are read)."""
    after = quote.lower()[r.start :].split()[1:3]
    return bool(after) and (after[0] in _POINTED_OBJECT)


def product_task(members: Sequence[tuple[Observation, Request]]) -> bool:
    """The objects differ while the verb and frame recur: most sessions ask for the verb on a thing
    of their own (a rare object word no other session's request has: "add a kayak option" / "add a
    tandem option" / "add a trailer option" share only the head noun). That is a product task
    asked again for new things, not a procedure; the same generic object in each session ("run the
    tests", "update the changelog", "add a summary paragraph to …": the complement after the
    preposition may vary) is a habit."""
    per_session: dict[str, frozenset[str]] = {}
    for o, r in members:
        if not r.verb:
            return False  # a sentence read whole (another language): its words are not an object
        sid = o.session_id or o.unit_key
        per_session[sid] = per_session.get(sid, frozenset()) | _object_words(r)
    if len(per_session) < 2:
        return False
    owners: dict[str, int] = {}
    for words in per_session.values():
        for w in words:
            owners[w] = owners.get(w, 0) + 1
    own = sum(1 for words in per_session.values() if any(owners[w] == 1 for w in words))
    return own * 2 > len(per_session)


def habit_rules(observations: Sequence[Observation], rules: Sequence[Rule] = ()) -> list[Rule]:
    """Rules for the requests made in MIN_HABIT_SESSIONS distinct sessions or more. A habit whose
    requests a standing rule already states (its statement is one of them) adds nothing."""
    from persona_pipeline.persona.digest.offline import classify

    stated = {" ".join(r.statement.split()).casefold().rstrip(".") for r in rules if r.superseded_by is None}
    out: list[Rule] = []
    used: set[frozenset[str]] = set()
    # (a session saved twice and a tool's template are counted once before the fold: `repeats`)
    counted = list(observations)
    siblings = _siblings(counted)
    kinds = [
        m
        for m in habit_kinds(counted)
        if len(_clean_sessions(m)) >= MIN_HABIT_SESSIONS and not _template(m, siblings) and not product_task(m)
    ]
    for members in sorted(kinds, key=lambda m: -len(_sessions(m))):
        sessions = _sessions(members)
        ids = frozenset(o.observation_id for o, _ in members)
        if any(len(ids & u) * 2 >= min(len(ids), len(u)) for u in used):
            continue  # two kinds asked mostly in the same sentences ("build and deploy"): one habit
        if any(" ".join(o.statement.split()).casefold().rstrip(".") in stated for o, _ in members):
            continue
        if any(_holds(r, members[0][1], ids) for r in rules if r.superseded_by is None):
            continue
        used.add(ids)
        wording = _wording(members)
        statement = FRAME.format(wording)
        stamps = sorted(o.timestamp for o, _ in members if o.timestamp)
        obs = [o for o, _ in members]
        out.append(
            Rule(
                rule_id=hashlib.sha256("\x1f".join(["habit", *sorted(ids)]).encode()).hexdigest()[:16],
                facet=classify(wording),
                statement=statement,
                tier=min((o.tier for o in obs), key=lambda t: t.value),
                support_observations=len(obs),
                support_sessions=len(sessions),
                support_projects=len({o.project for o in obs}),
                projects=sorted({o.project for o in obs}),
                score=habit_score(members),
                first_seen=stamps[0] if stamps else None,
                last_seen=stamps[-1] if stamps else None,
                observation_ids=sorted(ids),
                evidence_ids=sorted({e for o in obs for e in o.evidence_ids}),
                quotes=sorted({o.quote for o in obs}),
            )
        )
    return out
