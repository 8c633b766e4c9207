"""The development corpus: several fictional developers with known truths, from one seed.

`generate(out_dir, seed)` plans each developer (which preferences, how often and how each is
phrased, contradictions, one-off tasks, decoys, canaries, secrets, directives), renders the plan
into real-format transcripts and instruction files (`render.py`) and writes `truth.json`.
Every choice comes from `random.Random` seeded by (seed, developer), so a seed is a corpus.
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from persona_pipeline.eval import (
    pool,
    pool_blind,
    pool_blind2,
    pool_blind3,
    pool_blind4,
    pool_blind5,
    pool_blind6,
    pool_blind7,
    pool_blind8,
    pool_blind9,
    pool_blind10,
    pool_blind11,
    pool_test,
)
from persona_pipeline.eval.pool_data import Person, PrefTemplate
from persona_pipeline.eval.truth import (
    Contradiction,
    Decoy,
    DeveloperTruth,
    OneOff,
    Preference,
    Statement,
    Terms,
    Truth,
)

GENERATOR = "persona-eval-corpus/2"
# dev: the pool the digester is tuned on; test: written apart from it, held out (the CI gate);
# blind: written without reading the digester or the other pools, in two halves by id (pool_blind.py);
# blind2: a second blind pool, held out until blind3 was written, now tunable (pool_blind2.py);
# blind3: a third blind pool, held out until blind4 was written, now tunable (pool_blind3.py)
# blind4: a fourth blind pool, held out until blind5 was written, now tunable (pool_blind4.py)
# blind5: a sixth blind pool, written while blind4 was opened for tuning, held out until blind6 was
# written (pool_blind5.py)
# blind6: a seventh blind pool, written while blind5 was opened for tuning: held out until blind7
# was written, read in aggregate only until it is opened (pool_blind6.py)
# blind7: an eighth blind pool: held out until blind8 was written, read in aggregate only until it
# is opened (pool_blind7.py)
# blind8: a ninth blind pool: held out until blind9 was written, read in aggregate only until it is
# opened (pool_blind8.py)
# blind9: a tenth blind pool: held out until blind10 was written, read in aggregate only until it
# is opened (pool_blind9.py)
# blind10: an eleventh blind pool: held out until blind11 was written, read in aggregate only until
# it is opened (pool_blind10.py)
# blind11: the newest blind pool: held out, only ever read in aggregate (pool_blind11.py)
POOLS: dict[str, Any] = {
    "dev": pool,
    "test": pool_test,
    "blind": pool_blind,
    "blind_dev": pool_blind.DEV_HALF,
    "blind_hold": pool_blind.HOLD_HALF,
    "blind2": pool_blind2,
    "blind3": pool_blind3,
    "blind4": pool_blind4,
    "blind5": pool_blind5,
    "blind6": pool_blind6,
    "blind7": pool_blind7,
    "blind8": pool_blind8,
    "blind9": pool_blind9,
    "blind10": pool_blind10,
    "blind11": pool_blind11,
}
CORRECTION_OPENER = re.compile(r"^(?:no|stop|actually|wait)\b", re.IGNORECASE)

# Scaffolding every developer's corpus carries a canary in (each must never reach any output).
CLAUDE_CANARY_KINDS = (
    "tool_result",
    "tool_use_input",
    "thinking",
    "assistant_text",
    "meta",
    "sidechain_inline",
    "system_reminder",
    "ide_opened_file",
    "local_command_stdout",
    "compact_summary",
    "summary_entry",
    "task_notification",
    "progress",
    "system_entry",
)
CODEX_CANARY_KINDS = (
    "developer_message",
    "environment_context",
    "user_instructions",
    "function_call",
    "function_output",
    "reasoning",
    "compacted",
    "ide_context",
    "agent_message",
)
FILE_CANARY_KINDS = (
    "subagent_file",
    "sidechain_file",
    "headless_session",
    "codex_exec_session",
    "instructions_comment",
    "instructions_code",
    "global_instructions_comment",
)
CLAUDE_DECOY_KINDS = ("tool_result", "assistant_text", "sidechain_inline", "meta", "compact_summary", "thinking")
CODEX_DECOY_KINDS = ("developer_message", "function_output", "reasoning", "agent_message")


@dataclass
class Say:
    """A planned statement inside a session; the renderer records where it landed."""

    text: str
    mode: str  # prompt | append | opener | interrupt | rejected | aborted
    slip: str
    record: list[Statement]


@dataclass
class Scaffold:
    kind: str
    canary: str | None = None
    decoy: Decoy | None = None


@dataclass
class SessionPlan:
    index: int
    tool: str  # claude | codex
    project: str
    start: datetime
    branch: str
    opening: str
    opening_record: list[Statement]
    says: list[Say] = field(default_factory=list)
    tasks: list[tuple[str, list[Statement]]] = field(default_factory=list)
    scaffolds: list[Scaffold] = field(default_factory=list)


@dataclass
class DeveloperPlan:
    truth: DeveloperTruth
    person: Person
    sessions: list[SessionPlan]
    file_canaries: dict[str, str]  # kind -> token
    instruction_files: dict[str, str]  # project -> AGENTS.md | CLAUDE.md
    project_directives: dict[str, list[str]]
    project_blurbs: dict[str, str]
    global_directives: list[str]
    secrets: dict[str, str]  # kind -> planted value


# --- term matching (shared with the scorer) ------------------------------------------------
def norm(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("`", "").lower().split())


def _term_rx(term: str) -> re.Pattern[str]:
    t = re.escape(term.lower())
    tail = r"(?![a-z0-9])" if len(term) <= 2 else ""  # "uv" must not match "uvicorn"
    return re.compile(rf"(?<![a-z0-9]){t}{tail}")


def has_term(text: str, alternatives: Iterable[str]) -> bool:
    n = norm(text)
    return any(_term_rx(a).search(n) for a in alternatives)


def matches(text: str, terms: Terms | Sequence[Sequence[str]]) -> bool:
    return bool(terms) and all(has_term(text, group) for group in terms)


def _any_term(texts: Iterable[str], terms: Sequence[Sequence[str]]) -> bool:
    """Whether any single alternative of any group occurs in any text (a collision)."""
    return any(has_term(t, group) for t in texts for group in terms)


def _terms(t: tuple[tuple[str, ...], ...]) -> Terms:
    return [list(g) for g in t]


def _pref(p: PrefTemplate) -> Preference:
    return Preference(
        id=p.id,
        facet=p.facet,
        statement=p.statement,
        terms=_terms(p.terms),
        rejects=list(p.rejects),
        polarity=p.polarity,
    )


# --- planning --------------------------------------------------------------------------------
def _vary(rng: random.Random, text: str) -> str:
    """People type carelessly: first letter case and the final full stop vary."""
    if rng.random() < 0.4:
        text = text[:1].upper() + text[1:]
    if text[-1] not in ".!?" and rng.random() < 0.5:
        text += "."
    return text


def _session_times(rng: random.Random, n: int) -> list[datetime]:
    base = datetime(2026, 7, 6, tzinfo=UTC) + timedelta(days=rng.randint(0, 30))
    days = sorted(rng.sample(range(0, 110), n))
    return [base + timedelta(days=d, hours=rng.randint(7, 22), minutes=rng.randint(0, 59)) for d in days]


def _mode(rng: random.Random, text: str, allow_correction: bool = True) -> str:
    if CORRECTION_OPENER.match(text):
        return "opener"
    if not allow_correction:
        return rng.choice(("prompt", "prompt", "append"))
    return rng.choice(("prompt", "prompt", "append", "interrupt", "rejected"))


def _canary(rng: random.Random) -> str:
    return f"CANARY-{rng.getrandbits(48):012x}"


def _aws_key(rng: random.Random) -> str:
    return "AKIA" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16))


def _github_pat(rng: random.Random) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return "ghp_" + "".join(rng.choice(alphabet) for _ in range(36))


def plan_developer(rng: random.Random, person: Person, dev: str, projects: list[str], src: Any = pool) -> DeveloperPlan:
    n = rng.randint(11, 13)
    times = _session_times(rng, n)
    codex_idx = set(rng.sample(range(n), rng.randint(3, 4)))
    sessions: list[SessionPlan] = []

    # contradictions first: their groups are then off limits for everything else
    contras = rng.sample(src.CONTRADICTIONS, rng.choice((1, 2)))
    used_groups = {c.group for c in contras}
    candidates = [p for p in src.PREFERENCES if p.group not in used_groups]
    rng.shuffle(candidates)

    def take(p: PrefTemplate, chosen: list[PrefTemplate]) -> bool:
        if p in chosen or (p.group and p.group in {c.group for c in chosen}):
            return False
        chosen.append(p)
        return True

    durable: list[PrefTemplate] = []
    for facet in ("communication", "coding_style", "stack", "workflow", "environment", "anti_preferences"):
        next(p for p in candidates if p.facet == facet and take(p, durable))
    target = rng.randint(8, 10)
    for p in candidates:
        if len(durable) >= target:
            break
        take(p, durable)
    durable_texts = [t for p in durable for t in p.phrasings] + [t for c in contras for t in c.old + c.new]
    durable_terms = [g for p in durable for g in p.terms] + [g for c in contras for g in c.winner_terms + c.loser_terms]

    # stated-once preferences and decoys: nothing about them may collide with the durable ones
    rest = [p for p in candidates if p not in durable and not (p.group and p.group in {d.group for d in durable})]
    once: list[PrefTemplate] = []
    decoys_t: list[PrefTemplate] = []
    for p in rest:
        clash = _any_term(durable_texts, p.terms) or _any_term(p.phrasings, durable_terms)
        clash = clash or any(
            _any_term(o.phrasings, p.terms) or _any_term(p.phrasings, o.terms) for o in once + decoys_t
        )
        if clash:
            continue
        if len(once) < 3:
            once.append(p)
        elif len(decoys_t) < 3:
            decoys_t.append(p)

    # tasks: an opening request per session, two of them recurring later, and four with secrets
    genuine_terms = durable_terms + [g for p in once + decoys_t for g in p.terms]
    pref_texts = durable_texts + [t for p in once + decoys_t for t in p.phrasings]
    tasks = [
        t
        for t in src.TASKS
        if not _any_term([ph.format(proj="x") for ph in t.phrasings], genuine_terms)
        and not _any_term(pref_texts, t.terms)
    ]
    tasks = rng.sample(tasks, n)
    for i in range(n):
        tool = "codex" if i in codex_idx else "claude"
        proj = rng.choice(projects)
        branch = rng.choice(("main", "main", f"feat/{tasks[i].id.replace('_', '-')}", f"fix/{tasks[i].id[:8]}"))
        opening = _vary(rng, tasks[i].phrasings[0].format(proj=proj))
        sessions.append(SessionPlan(i, tool, proj, times[i], branch, opening, []))
    one_offs = [OneOff(id=t.id, terms=_terms(t.terms)) for t in tasks]
    for i, off in enumerate(one_offs):
        sessions[i].opening_record = off.statements
    for i in rng.sample(range(n - 3), 2):  # recurring tasks, in a later session
        j = rng.randint(i + 1, n - 1)
        text = _vary(rng, tasks[i].phrasings[1].format(proj=sessions[j].project))
        sessions[j].tasks.append((text, one_offs[i].statements))

    account_secrets = {
        "aws_access_key": _aws_key(rng),
        "github_pat": _github_pat(rng),
        "email": person.colleague_email,
        "phone": f"+1 415-555-01{rng.randint(10, 99)}",
    }
    secret_offs: list[OneOff] = []
    for kind, value in account_secrets.items():
        t = src.SECRET_TASKS[kind]
        off = OneOff(id=t.id, terms=_terms(t.terms))
        secret_offs.append(off)
        rng.choice(sessions).tasks.append((t.phrasings[0].format(value=value), off.statements))

    def spread(
        texts: Sequence[str], k: int, record: list[Statement], slip: str, idx: Sequence[int] | None = None
    ) -> None:
        where = list(idx) if idx is not None else rng.sample(range(n), k)
        for s_i, text in zip(where, rng.sample(list(texts), k), strict=True):
            text = _vary(rng, text)
            sessions[s_i].says.append(Say(text, _mode(rng, text), slip, record))

    preferences: list[Preference] = []
    for p in durable:
        pref = _pref(p)
        spread(p.phrasings, min(len(p.phrasings), rng.choice((2, 3, 3, 4))), pref.statements, p.slip)
        preferences.append(pref)
    stated_once: list[Preference] = []
    for p in once:
        pref = _pref(p)
        spread(p.phrasings, 1, pref.statements, p.slip)
        stated_once.append(pref)
    contradictions: list[Contradiction] = []
    for c in contras:
        b = min(rng.choice((2, 3)), len(c.new))
        idx = sorted(rng.sample(range(n), 2 + b))
        con = Contradiction(
            id=c.id,
            facet=c.facet,
            winner_terms=_terms(c.winner_terms),
            loser_terms=_terms(c.loser_terms),
        )
        # by default the older statements are plain prompts (T2) and only recency decides; with
        # old_correction they are corrections (T1) and the newer plain prompts are explicit reversals
        for s_i, text in zip(idx[:2], rng.sample(list(c.old), 2), strict=True):
            text = _vary(rng, text)
            mode = rng.choice(("interrupt", "rejected")) if c.old_correction else _mode(rng, text, False)
            sessions[s_i].says.append(
                Say(text, mode, "Done, here's the change." if c.old_correction else "", con.loser)
            )
        if c.old_correction:
            for s_i, text in zip(idx[2:], rng.sample(list(c.new), b), strict=True):
                text = _vary(rng, text)
                sessions[s_i].says.append(Say(text, "prompt", "", con.winner))
        else:
            spread(c.new, b, con.winner, "Done, here's the change.", idx[2:])
        contradictions.append(con)
        winner_pref = next((p for p in src.PREFERENCES if p.group == c.group), None)
        preferences.append(
            Preference(
                id=f"{c.id}:winner",
                facet=c.facet,
                statement=winner_pref.statement if winner_pref else c.new[0],
                terms=_terms(c.winner_terms),
                rejects=[a for g in c.loser_terms for a in g],
                polarity="prefer",
                statements=con.winner,
            )
        )

    decoys = [
        Decoy(
            id=p.id, terms=_terms(p.terms), text=rng.choice([t for t in p.phrasings if not CORRECTION_OPENER.match(t)])
        )
        for p in decoys_t
    ]
    claude_sessions = [s for s in sessions if s.tool == "claude"]
    codex_sessions = [s for s in sessions if s.tool == "codex"]
    for d in decoys:
        for s in rng.sample(sessions, rng.randint(2, 3)):
            kinds = CLAUDE_DECOY_KINDS if s.tool == "claude" else CODEX_DECOY_KINDS
            s.scaffolds.append(Scaffold(rng.choice(kinds), decoy=d))
    for kind in CLAUDE_CANARY_KINDS:
        rng.choice(claude_sessions).scaffolds.append(Scaffold(kind, canary=_canary(rng)))
    for kind in CODEX_CANARY_KINDS:
        rng.choice(codex_sessions).scaffolds.append(Scaffold(kind, canary=_canary(rng)))
    file_canaries = {kind: _canary(rng) for kind in FILE_CANARY_KINDS}
    for s in sessions:
        rng.shuffle(s.says)
        rng.shuffle(s.scaffolds)

    # instruction files: a global CLAUDE.md and one AGENTS.md / CLAUDE.md per repository
    global_directives = rng.sample(src.GLOBAL_DIRECTIVES, 3)
    project_directives: dict[str, list[str]] = {}
    blurbs: dict[str, str] = {}
    restated = rng.choice(durable)  # one preference the person also wrote down
    for i, proj in enumerate(projects):
        ds = [d.format(proj=proj) for d in rng.sample(src.PROJECT_DIRECTIVES, rng.randint(3, 4))]
        if i == 0:
            ds.insert(rng.randint(0, len(ds)), restated.statement)
        project_directives[proj] = ds
        blurbs[proj] = rng.choice(src.PROJECT_BLURBS).format(proj=proj)
    files = {proj: rng.choice(("AGENTS.md", "CLAUDE.md")) for proj in projects}

    truth = DeveloperTruth(
        dev=dev,
        name=person.name,
        account=person.account,
        email=f"{person.account}@{person.email_domain}",
        projects=projects,
        preferences=preferences,
        stated_once=stated_once,
        one_offs=one_offs + secret_offs,
        contradictions=contradictions,
        decoys=decoys,
        directives=[],
        canaries=[],
        secrets=[],
    )
    return DeveloperPlan(
        truth, person, sessions, file_canaries, files, project_directives, blurbs, global_directives, account_secrets
    )


def generate(out_dir: Path, seed: int, developers: int = 3, pool_name: str = "dev") -> Truth:
    """Write the corpus for `seed` from pool `pool_name` under out_dir (replacing what was there)
    and return its truth."""
    from persona_pipeline.eval.render import render_developer

    src = POOLS[pool_name]
    if not 1 <= developers <= len(src.PEOPLE):
        raise ValueError(f"developers must be 1..{len(src.PEOPLE)}")
    # the dev pool keeps its seeds' corpora; the test pool draws from its own stream
    tag = "persona-eval" if pool_name == "dev" else f"persona-eval-{pool_name}"
    rng = random.Random(f"{tag}/{seed}")
    people = rng.sample(src.PEOPLE, developers)
    projects = rng.sample(src.PROJECTS, 3 * developers)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    devs: list[DeveloperTruth] = []
    for i, person in enumerate(people):
        dev_rng = random.Random(f"{tag}/{seed}/{person.account}")
        own = projects[3 * i : 3 * i + dev_rng.choice((2, 3))]
        plan = plan_developer(dev_rng, person, f"dev{i + 1}", own, src)
        devs.append(render_developer(out_dir, plan, dev_rng))
    truth = Truth(seed=seed, generator=GENERATOR, pool=pool_name, developers=devs)
    (out_dir / "truth.json").write_text(truth.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return truth
