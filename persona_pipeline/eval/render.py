"""Rendering a developer's plan into files: Claude Code sessions, Codex rollouts, side files the
readers must ignore (subagents, headless and `codex exec` sessions) and instruction files.

Every assistant stretch ends with a clean reply before the next prompt, so the ~200 characters
of assistant text a correction carries as context never hold a canary: anything planted in
scaffolding that reaches an output is a real leak.
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

from persona_pipeline.eval.corpus import DeveloperPlan, Say, Scaffold, SessionPlan
from persona_pipeline.eval.truth import Canary, Decoy, DeveloperTruth, Directive, Placement, Secret, Statement
from persona_pipeline.eval.writers import (
    CAVEAT,
    INTERRUPT_TEXT,
    INTERRUPTED_TOOL,
    REJECTED,
    ClaudeSession,
    CodexSession,
    rand_uuid4,
    write_jsonl,
)

CLEAN_REPLIES = (
    "Done. The change is in `src/{proj}/service.py` and the suite passes.",
    "Updated; {n} tests pass.",
    "Fixed. The failing case passes now.",
    "Done, the diff touches two files.",
    "Changed it and re-ran the affected tests: {n} passed.",
)
THOUGHTS = (
    "Look at the module first, then run the tests.",
    "The failure is probably in the parsing step.",
    "Check the call sites before changing the signature.",
)
COMMANDS = ("uv run pytest -q", "git status --short", "rg -n 'def ' src | head", "make check")
MODULES = ("service", "models", "parsing", "report", "client", "cli")
DEVELOPER_MSG = (
    "<permissions instructions>\nFilesystem sandboxing defines which files can be read or written. "
    "`sandbox_mode` is `workspace-write`. Network access is restricted.\n</permissions instructions>"
)


class _Recorder:
    def __init__(self, truth: DeveloperTruth) -> None:
        self.truth = truth

    def canary(self, sc: Scaffold | None, file: str, kind: str | None = None, token: str | None = None) -> None:
        if sc is not None and sc.canary:
            self.truth.canaries.append(Canary(token=sc.canary, kind=sc.kind, file=file))
        if token:
            self.truth.canaries.append(Canary(token=token, kind=kind or "file", file=file))

    def decoy(self, d: Decoy | None, kind: str, file: str) -> None:
        if d is not None:
            d.placements.append(Placement(kind=kind, file=file))


def _payload(sc: Scaffold) -> str:
    """The planted text of a scaffold: a preference-shaped decoy and/or a canary."""
    parts = []
    if sc.decoy is not None:
        parts.append(f"Repository convention: {sc.decoy.text}.")
    if sc.canary:
        parts.append(f"(trace {sc.canary})")
    return " ".join(parts)


def _pop(scaffolds: list[Scaffold], kind: str) -> Scaffold | None:
    for sc in scaffolds:
        if sc.kind == kind:
            scaffolds.remove(sc)
            return sc
    return None


def _clean(rng: random.Random, proj: str) -> str:
    return rng.choice(CLEAN_REPLIES).format(proj=proj, n=rng.randint(12, 140))


def _code(proj: str, module: str) -> str:
    return (
        f'"""{module} for {proj}."""\n\nfrom __future__ import annotations\n\n\n'
        f"def handle(item: dict[str, object]) -> bool:\n    return bool(item)\n"
    )


def _join(opening: str, say: str, rng: random.Random) -> tuple[str, str]:
    """(prompt text, the statement as it appears in it): a preference tacked onto a task."""
    head = opening if opening[-1] in ".!?" else opening + "."
    if rng.random() < 0.5:
        say = say[:1].lower() + say[1:]
        return f"{head} Also, {say}", say
    return f"{head} {say[:1].upper() + say[1:]}", say[:1].upper() + say[1:]


# --- Claude Code ------------------------------------------------------------------------------
def _claude_work(s: ClaudeSession, rng: random.Random, proj: str) -> None:
    module = rng.choice(MODULES)
    if rng.random() < 0.5:
        s.read(f"{s.cwd}/src/{proj}/{module}.py", _code(proj, module), think=rng.choice(THOUGHTS))
    cmd = rng.choice(COMMANDS)
    s.bash(cmd, f"{rng.randint(12, 140)} passed in {rng.uniform(0.5, 9):.2f}s\n" if "pytest" in cmd else "ok\n")
    s.say(_clean(rng, proj))


def _claude_say(s: ClaudeSession, say: Say, file: str, rng: random.Random, proj: str) -> None:
    correction = say.mode in ("opener", "interrupt", "rejected")
    if say.mode == "opener":
        s.say(say.slip or _clean(rng, proj))
    elif say.mode == "interrupt":
        tid = s.call("Bash", {"command": "uv run python -m scripts.sync", "description": "Run"}, pre=say.slip)
        s.tool_result(tid, INTERRUPTED_TOOL, is_error=True, tur="Error: " + INTERRUPTED_TOOL)
        s.user([{"type": "text", "text": INTERRUPT_TEXT}])
    elif say.mode == "rejected":
        path = f"{s.cwd}/src/{proj}/{rng.choice(MODULES)}.py"
        tid = s.call("Edit", {"file_path": path, "old_string": "pass", "new_string": "return None"}, pre=say.slip)
        s.tool_result(tid, REJECTED, is_error=True, tur="Error: " + REJECTED)
    if rng.random() < 0.2:
        s.queue("enqueue", say.text)  # typed while the agent worked: duplicated by the prompt entry
    e = s.prompt(say.text)
    say.record.append(Statement(file=file, text=say.text, timestamp=e["timestamp"], correction=correction))
    _claude_work(s, rng, proj)


def _claude_scaffold(s: ClaudeSession, sc: Scaffold, file: str, rng: random.Random, proj: str, rec: _Recorder) -> None:
    pay = _payload(sc)
    rec.canary(sc, file)
    rec.decoy(sc.decoy, sc.kind, file)
    if sc.kind == "tool_result":
        s.read(f"{s.cwd}/CONTRIBUTING.md", f"# Contributing\n\n- {pay}\n- Open an issue first.\n")
    elif sc.kind == "tool_use_input":
        s.bash(f"rg -n '{sc.canary}' src || true", "")
    elif sc.kind == "thinking":
        s.say(_clean(rng, proj), think=f"Before editing: {pay}")
        return
    elif sc.kind == "assistant_text":
        s.bash("git status --short", f" M src/{proj}/service.py\n", pre=f"{pay} Checking the tree first.")
    elif sc.kind == "meta":
        s.user(
            "<command-name>/review</command-name>\n<command-message>review</command-message>\n<command-args></command-args>"
        )
        s.user(
            [{"type": "text", "text": f"Review the current diff against main. Report bugs first.\n\n{pay}"}], meta=True
        )
    elif sc.kind == "sidechain_inline":
        task = f"Audit src/{proj} for style problems and report file:line only. {pay}"
        tu = s.tool_use("Task", {"description": "Audit style", "prompt": task, "subagent_type": "general-purpose"})
        s.assistant([s.text("Let me audit the module first."), tu], stop="tool_use")
        with s.side():
            s.user(task)
            s.say(f"3 findings in src/{proj}/service.py. {pay}")
        s.tool_result(str(tu["id"]), [{"type": "text", "text": "3 findings."}])
    elif sc.kind == "compact_summary":
        s.system("Conversation compacted", subtype="compact_boundary", compactMetadata={"trigger": "auto"})
        s.user(
            "This session is being continued from a previous conversation that ran out of context. The "
            f"conversation is summarized below:\nSummary:\n1. Primary Request: the {proj} change.\n"
            f"2. Key user feedback:\n   - {pay}\n3. Pending Tasks: none.",
            isCompactSummary=True,
            isVisibleInTranscriptOnly=True,
        )
    elif sc.kind == "task_notification":
        s.user(
            f"<task-notification>\n<task-id>a{rng.getrandbits(24):06x}</task-id>\n<status>completed</status>\n"
            f"<summary>Agent completed</summary>\n<result>{pay}</result>\n</task-notification>"
        )
    elif sc.kind == "progress":
        tid = s.call("Bash", {"command": "make build", "description": "Build"})
        s.progress(tid, [f"building {sc.canary}\n"], line_counts=False, lo=0.3)
        s.tool_result(tid, "built\n", tur={"stdout": "built\n", "stderr": "", "interrupted": False, "isImage": False})
    elif sc.kind == "system_entry":
        s.system(f"PostToolUse:Edit hook succeeded: lint ok {pay}", subtype="informational")
    elif sc.kind == "local_command_stdout":
        s.user(CAVEAT, meta=True)
        s.user(
            "<command-name>/cost</command-name>\n<command-message>cost</command-message>\n<command-args></command-args>"
        )
        s.user(f"<local-command-stdout>Total cost:            $0.4120\n{pay}</local-command-stdout>")
    s.say(_clean(rng, proj))


def _opening_content(text: str, reminder: Scaffold | None, ide: Scaffold | None, cwd: str) -> object:
    if reminder is not None:
        text += (
            "\n\n<system-reminder>\nAs you answer the user's questions, you can use the following context:\n"
            f"Contents of {cwd}/CLAUDE.md: {_payload(reminder)}\n</system-reminder>"
        )
    if ide is None:
        return text
    block = (
        f"<ide_opened_file>The user opened the file {cwd}/src/app.py in the IDE. {_payload(ide)} "
        "This may or may not be related to the current task.</ide_opened_file>"
    )
    return [{"type": "text", "text": block}, {"type": "text", "text": text}]


def _opening(sp: SessionPlan, rng: random.Random) -> tuple[str, list[tuple[Say, str]]]:
    """The opening prompt with the says appended to it, and each appended say as it was worded."""
    text = sp.opening
    parts: list[tuple[Say, str]] = []
    for a in (x for x in sp.says if x.mode == "append"):
        text, said = _join(text, a.text, rng)
        parts.append((a, said))
    return text, parts


def _record_opening(sp: SessionPlan, parts: list[tuple[Say, str]], file: str, timestamp: str) -> None:
    sp.opening_record.append(Statement(file=file, text=sp.opening, timestamp=timestamp))
    for a, said in parts:
        a.record.append(Statement(file=file, text=said, timestamp=timestamp))


def _beats(sp: SessionPlan, scaffolds: list[Scaffold], rng: random.Random) -> list[tuple[str, object]]:
    """What follows the opening, shuffled: the other says, the tasks and the scaffolds left."""
    beats: list[tuple[str, object]] = [("say", x) for x in sp.says if x.mode != "append"]
    beats += [("task", x) for x in sp.tasks] + [("scaffold", x) for x in scaffolds]
    rng.shuffle(beats)
    return beats


def _claude(root: Path, plan: DeveloperPlan, sp: SessionPlan, rng: random.Random, rec: _Recorder) -> ClaudeSession:
    t = plan.truth
    cwd = f"/home/{t.account}/code/{sp.project}"
    sid = rand_uuid4(rng)
    s = ClaudeSession(
        rng, f"claude/projects/{cwd.replace('/', '-')}/{sid}.jsonl", cwd, sp.branch, sp.start, session_id=sid
    )
    file = f"{t.dev}/{s.rel}"
    scaffolds = list(sp.scaffolds)
    reminder, ide = _pop(scaffolds, "system_reminder"), _pop(scaffolds, "ide_opened_file")
    summary = _pop(scaffolds, "summary_entry")
    for sc in (reminder, ide):
        rec.canary(sc, file)
    local = _pop(scaffolds, "local_command_stdout")
    if local is not None:
        _claude_scaffold(s, local, file, rng, sp.project, rec)
    text, parts = _opening(sp, rng)
    e = s.prompt(_opening_content(text, reminder, ide, cwd))
    _record_opening(sp, parts, file, e["timestamp"])
    _claude_work(s, rng, sp.project)
    for kind, item in _beats(sp, scaffolds, rng):
        if kind == "say":
            assert isinstance(item, Say)
            _claude_say(s, item, file, rng, sp.project)
        elif kind == "task":
            task_text, record = item  # type: ignore[misc]
            e = s.prompt(task_text)
            record.append(Statement(file=file, text=task_text, timestamp=e["timestamp"]))
            _record_secrets(rec, task_text, file, plan)
            _claude_work(s, rng, sp.project)
        else:
            assert isinstance(item, Scaffold)
            _claude_scaffold(s, item, file, rng, sp.project, rec)
    if summary is not None:
        rec.canary(summary, file)
        s.summary(f"{sp.project}: {sp.opening[:40]} {_payload(summary)}")
    write_jsonl(root / s.rel, s.entries)
    return s


def _record_secrets(rec: _Recorder, text: str, file: str, plan: DeveloperPlan) -> None:
    for kind, value in plan.secrets.items():
        if value in text:
            rec.truth.secrets.append(Secret(kind=kind, value=value, file=file))


# --- Codex ------------------------------------------------------------------------------------
def _codex_work(c: CodexSession, rng: random.Random, proj: str) -> None:
    c.reasoning(f"**{rng.choice(THOUGHTS)}**")
    cmd = rng.choice(COMMANDS)
    c.shell(cmd, f"{rng.randint(12, 140)} passed\n" if "pytest" in cmd else "ok\n")
    c.answer(_clean(rng, proj))


def _agents_md(plan: DeveloperPlan, proj: str) -> str:
    return _instruction_text(plan, proj, with_canaries=False)


def _codex(root: Path, plan: DeveloperPlan, sp: SessionPlan, rng: random.Random, rec: _Recorder) -> None:
    t = plan.truth
    cwd = f"/home/{t.account}/code/{sp.project}"
    c = CodexSession(rng, sp.start, cwd, sp.branch, f"git@github.com:{t.account}/{sp.project}.git")
    file = f"{t.dev}/{c.rel}"
    scaffolds = list(sp.scaffolds)
    c.meta()
    ui, env = _pop(scaffolds, "user_instructions"), _pop(scaffolds, "environment_context")
    dev_msg, ide = _pop(scaffolds, "developer_message"), _pop(scaffolds, "ide_context")
    if ui is not None or plan.instruction_files[sp.project] == "AGENTS.md":
        extra = f"\n<!-- {_payload(ui)} -->" if ui is not None else ""
        c.user_instructions(_agents_md(plan, sp.project) + extra)
    c.env_context(f"\n  <note>{_payload(env)}</note>" if env is not None else "")
    c.developer(DEVELOPER_MSG + (f"\n{_payload(dev_msg)}" if dev_msg is not None else ""))
    for sc in (ui, env, dev_msg, ide):
        rec.canary(sc, file)
        if sc is not None:
            rec.decoy(sc.decoy, sc.kind, file)
    text, parts = _opening(sp, rng)
    if ide is not None:
        text = (
            f"# Context from my IDE setup:\n\n## Active file: src/{sp.project}/app.py\n\n## Open tabs:\n"
            f"- app.py: src/{sp.project}/app.py {_payload(ide)}\n\n## My request for Codex:\n{text}"
        )
    _record_opening(sp, parts, file, c.prompt(text)["timestamp"])
    _codex_work(c, rng, sp.project)
    for kind, item in _beats(sp, scaffolds, rng):
        if kind == "say":
            assert isinstance(item, Say)
            correction = item.mode != "prompt"
            if correction:
                c.answer(item.slip or _clean(rng, sp.project))
                if item.mode != "opener":
                    c.aborted()
            r = c.prompt(item.text)
            item.record.append(Statement(file=file, text=item.text, timestamp=r["timestamp"], correction=correction))
            _codex_work(c, rng, sp.project)
        elif kind == "task":
            task_text, record = item  # type: ignore[misc]
            r = c.prompt(task_text)
            record.append(Statement(file=file, text=task_text, timestamp=r["timestamp"]))
            _record_secrets(rec, task_text, file, plan)
            _codex_work(c, rng, sp.project)
        else:
            assert isinstance(item, Scaffold)
            pay = _payload(item)
            rec.canary(item, file)
            rec.decoy(item.decoy, item.kind, file)
            if item.kind == "function_call":
                c.shell(f"rg -n '{item.canary}' src || true", "")
            elif item.kind == "function_output":
                c.shell("cat CONTRIBUTING.md", f"# Contributing\n- {pay}\n")
            elif item.kind == "reasoning":
                c.reasoning(f"**Checking conventions** {pay}")
            elif item.kind == "compacted":
                c.compacted(f"Summary of the earlier conversation: {pay}")
            elif item.kind == "agent_message":
                c.answer(f"Noted. {pay}")
            c.answer(_clean(rng, sp.project))
    write_jsonl(root / c.rel, c.lines)


# --- files the readers must skip ----------------------------------------------------------------
def _side_files(root: Path, plan: DeveloperPlan, parent: ClaudeSession, rng: random.Random, rec: _Recorder) -> None:
    t = plan.truth
    decoys = " ".join(f"{d.text[:1].upper() + d.text[1:]}." for d in t.decoys)
    slug_dir = parent.rel.rsplit("/", 1)[0]
    agent = f"{rng.getrandbits(28):07x}"
    files = {
        "subagent_file": f"{slug_dir}/{parent.session_id}/subagents/agent-a{agent}.jsonl",
        "sidechain_file": f"{slug_dir}/agent-{rng.getrandbits(32):08x}.jsonl",
    }
    for kind, rel in files.items():
        token = plan.file_canaries[kind]
        sub = ClaudeSession(
            rng, rel, parent.cwd, parent.branch, parent.clock.t, session_id=parent.session_id, agent_id=agent
        )
        sub.user(f"Survey the repository conventions and report them. {decoys} (trace {token})")
        sub.say(f"Conventions found: {decoys} (trace {token})")
        write_jsonl(root / rel, sub.entries)
        rec.canary(None, f"{t.dev}/{rel}", kind, token)
        for d in t.decoys:
            rec.decoy(d, kind, f"{t.dev}/{rel}")
    token = plan.file_canaries["headless_session"]
    sid = rand_uuid4(rng)
    rel = f"{slug_dir}/{sid}.jsonl"
    head = ClaudeSession(rng, rel, parent.cwd, "main", parent.clock.t, session_id=sid, entrypoint="sdk-py")
    head.user(f"Nightly lint bot. {decoys} (trace {token})")
    head.say("Lint clean.")
    write_jsonl(root / rel, head.entries)
    rec.canary(None, f"{t.dev}/{rel}", "headless_session", token)
    token = plan.file_canaries["codex_exec_session"]
    c = CodexSession(rng, parent.clock.t, parent.cwd, "main", "", source="exec", originator="codex_exec")
    c.meta()
    c.prompt(f"Apply the review bot's rules. {decoys} (trace {token})")
    c.answer("Applied.")
    write_jsonl(root / c.rel, c.lines)
    rec.canary(None, f"{t.dev}/{c.rel}", "codex_exec_session", token)
    for d in t.decoys:
        rec.decoy(d, "headless_session", f"{t.dev}/{rel}")
        rec.decoy(d, "codex_exec_session", f"{t.dev}/{c.rel}")


# --- instruction files --------------------------------------------------------------------------
def _item(directive: str) -> str:
    first, *nested = directive.split("\n")
    return "\n".join([f"- {first}", *(f"  {line}" for line in nested)])


def _instruction_text(plan: DeveloperPlan, proj: str, with_canaries: bool = True) -> str:
    first = proj == plan.truth.projects[0]
    lines = [f"# {proj}", "", plan.project_blurbs[proj], ""]
    if with_canaries and first:
        lines += [f"<!-- reviewer note {plan.file_canaries['instructions_comment']}: keep this file short -->", ""]
    lines += ["## Conventions", "", "Rules for this repo:", ""]
    lines += [_item(d) for d in plan.project_directives[proj]]
    lines += ["", "## Commands", "", "```bash", "make check"]
    if with_canaries and first:
        lines.append(f"# build marker {plan.file_canaries['instructions_code']}")
    lines += ["```", ""]
    return "\n".join(lines)


def _git_init(repo: Path) -> None:
    repo.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(["git", "init", "-q", str(repo)], check=True, capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        (repo / ".git").mkdir(exist_ok=True)  # scope resolution only needs the folder


def _instructions(root: Path, plan: DeveloperPlan, rec: _Recorder) -> None:
    t = plan.truth
    for proj in t.projects:
        repo = root / "code" / proj
        _git_init(repo)
        name = plan.instruction_files[proj]
        (repo / name).write_text(_instruction_text(plan, proj), encoding="utf-8")
        file = f"{t.dev}/code/{proj}/{name}"
        t.directives.append(Directive(text=plan.project_blurbs[proj], file=file, scope=proj))
        t.directives += [Directive(text=d, file=file, scope=proj) for d in plan.project_directives[proj]]
        if proj == t.projects[0]:
            rec.canary(None, file, "instructions_comment", plan.file_canaries["instructions_comment"])
            rec.canary(None, file, "instructions_code", plan.file_canaries["instructions_code"])
    token = plan.file_canaries["global_instructions_comment"]
    body = [
        "# How I work",
        "",
        *(_item(d) for d in plan.global_directives),
        "",
        f"<!-- synced by dotfiles {token} -->",
        "",
    ]
    path = root / "home" / ".claude" / "CLAUDE.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(body), encoding="utf-8")
    file = f"{t.dev}/home/.claude/CLAUDE.md"
    t.directives += [Directive(text=d, file=file, scope="global") for d in plan.global_directives]
    rec.canary(None, file, "global_instructions_comment", token)


def render_developer(out: Path, plan: DeveloperPlan, rng: random.Random) -> DeveloperTruth:
    root = out / plan.truth.dev
    rec = _Recorder(plan.truth)
    first_claude: ClaudeSession | None = None
    for sp in plan.sessions:
        if sp.tool == "claude":
            s = _claude(root, plan, sp, rng, rec)
            first_claude = first_claude or s
        else:
            _codex(root, plan, sp, rng, rec)
    assert first_claude is not None
    _side_files(root, plan, first_claude, rng, rec)
    _instructions(root, plan, rec)
    for c in plan.truth.contradictions:  # the winner preference shares the contradiction's record
        next(p for p in plan.truth.preferences if p.id == f"{c.id}:winner").statements = list(c.winner)
    return plan.truth
