"""The template pool the corpus generator draws from: preferences with several phrasings each,
contradictions, task requests, directives, decoy-bearing scaffolding and fictional people.

Every phrasing names its preference's key terms (the scorer identifies a bullet by them), and
phrasings vary the cue the way people do: "always", "never", "X, not Y", "X over Y", "stop …",
"no, …", "actually, …", a bare "X everywhere", and a few with no cue word at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class PrefTemplate:
    id: str
    facet: str
    statement: str
    terms: tuple[tuple[str, ...], ...]
    phrasings: tuple[str, ...]
    group: str = ""  # at most one preference per group per developer (polars vs pandas …)
    rejects: tuple[str, ...] = ()
    slip: str = "Done, here's the change."  # what the agent said before being corrected
    # how a faithful bullet names the key terms: "prefer" (not negated), "avoid" (negated), or ""
    # when the words say it either way ("functions over 40 lines" / "short functions")
    polarity: str = ""


@dataclass(frozen=True)
class ContradictionTemplate:
    id: str
    facet: str
    group: str
    winner_terms: tuple[tuple[str, ...], ...]
    loser_terms: tuple[tuple[str, ...], ...]
    old: tuple[str, ...]  # the earlier preference (stated ≥ 2 times)
    new: tuple[str, ...]  # the later reversal
    old_correction: bool = False  # the older statements are corrections (T1), the newer plain prompts


@dataclass(frozen=True)
class TaskTemplate:
    id: str
    terms: tuple[tuple[str, ...], ...]
    phrasings: tuple[str, ...]  # ≥ 2, so a task can recur in two sessions


@dataclass(frozen=True)
class Person:
    name: str
    account: str
    email_domain: str
    colleague_email: str = field(default="")


PREFERENCES: tuple[PrefTemplate, ...] = (
    # --- communication ------------------------------------------------------------------
    PrefTemplate(
        "terse",
        "communication",
        "Answer tersely: no preamble.",
        (("terse", "concise", "brief", "short"),),
        (
            "keep answers terse, no preamble",
            "shorter please. no preamble, just what changed, keep it short",
            "stop padding your replies, be concise",
            "I prefer brief answers over long explanations",
            "actually, keep it short: a line or two is plenty",
        ),
        slip="I've carefully reviewed everything and made a number of thoughtful improvements across the module.",
    ),
    PrefTemplate(
        "no_emoji",
        "communication",
        "No emoji in replies or commit messages.",
        (("emoji",),),
        (
            "no emoji in replies, please",
            "stop putting emoji in your messages",
            "never use emoji in commit messages or answers",
            "please drop the emoji, I don't want emoji anywhere",
        ),
        slip="All done! 🎉 Tests are green ✅",
    ),
    PrefTemplate(
        "bullets",
        "communication",
        "Summarise changes as bullet points.",
        (("bullet",),),
        (
            "always summarise changes as bullet points",
            "I prefer a bullet list over paragraphs for summaries",
            "summaries as bullets, not prose",
            "actually, use bullet points when you summarise what you did",
        ),
    ),
    PrefTemplate(
        "british",
        "communication",
        "Write British English.",
        (("british",),),
        (
            "use British spelling in docs and comments",
            "we write British English here, not American",
            "no, British English please, 'initialise' not 'initialize'",
            "always British spelling in user-facing text",
        ),
        rejects=("american",),
    ),
    PrefTemplate(
        "clarify",
        "communication",
        "Ask a clarifying question instead of guessing.",
        (("clarifying",),),
        (
            "if something is ambiguous, always ask a clarifying question first",
            "ask clarifying questions instead of guessing",
            "stop guessing and ask a clarifying question when the spec is unclear",
            "I prefer one clarifying question over a wrong guess",
        ),
    ),
    # --- coding style -------------------------------------------------------------------
    PrefTemplate(
        "pathlib",
        "coding_style",
        "Use pathlib, not os.path.",
        (("pathlib",),),
        (
            "use pathlib, not os.path",
            "I prefer pathlib over os.path",
            "stop using os.path, we use pathlib",
            "pathlib everywhere please, no os.path.join",
            "no, pathlib. don't reach for os.path",
        ),
        group="paths",
        rejects=("os.path",),
        slip="I'll build the path with os.path.join(base, name).",
    ),
    PrefTemplate(
        "type_hints",
        "coding_style",
        "Type hints on every function.",
        (("type hint", "type-hint", "annotat", "typed"),),
        (
            "type hints everywhere",
            "always add type hints to function signatures",
            "every function you touch gets type hints",
            "no untyped defs, annotate every function",
        ),
        slip="Added `def load(path, limit):` to the module.",
    ),
    PrefTemplate(
        "logging",
        "coding_style",
        "Use logging, not print debugging.",
        (("logging", "logger"),),
        (
            "no print() debugging, use logging",
            "use the logging module instead of print",
            "don't leave print statements around, use a logger",
            "stop with the prints, logger calls please",
        ),
        rejects=("print",),
        slip="I added a few print() calls so we can see what's going on.",
    ),
    PrefTemplate(
        "dataclasses",
        "coding_style",
        "Use dataclasses for records.",
        (("dataclass",),),
        (
            "prefer dataclasses over plain dicts for records",
            "use dataclasses, not namedtuples",
            "always use a dataclass rather than a dict of fields",
            "we use frozen dataclasses for value objects",
        ),
        rejects=("namedtuple",),
    ),
    PrefTemplate(
        "fstrings",
        "coding_style",
        "Use f-strings for formatting.",
        (("f-string", "fstring"),),
        (
            "use f-strings, never % formatting",
            "I prefer f-strings over .format()",
            "always f-strings for string formatting",
            "no .format() calls, f-strings please",
        ),
    ),
    PrefTemplate(
        "early_return",
        "coding_style",
        "Return early instead of nesting.",
        (("early return", "return early", "guard clause"),),
        (
            "prefer early returns over nested ifs",
            "use guard clauses instead of deep nesting",
            "always return early rather than nesting conditionals",
            "no deep nesting, early returns please",
        ),
    ),
    PrefTemplate(
        "docstrings",
        "coding_style",
        "Google-style docstrings on public functions.",
        (("docstring",),),
        (
            "always write Google-style docstrings",
            "docstrings in Google style, not reST",
            "we use Google-style docstrings on public functions",
            "every public function needs a docstring, like always",
        ),
    ),
    # --- stack --------------------------------------------------------------------------
    PrefTemplate(
        "polars",
        "stack",
        "Use polars, not pandas.",
        (("polars",),),
        (
            "use polars, not pandas",
            "I prefer polars over pandas",
            "stick with polars for dataframes",
            "we use polars here, no pandas",
            "no, polars please, never pandas",
        ),
        group="dataframes",
        rejects=("pandas",),
        slip="I'll load the CSV with pandas.read_csv and group it there.",
    ),
    PrefTemplate(
        "uv",
        "stack",
        "Use uv for dependencies and commands.",
        (("uv",),),
        (
            "we use uv for dependencies",
            "use uv add, not pip install",
            "don't use pip, we use uv",
            "always uv run for commands",
            "stick with uv, no requirements.txt",
        ),
        group="packaging",
        rejects=("pip", "poetry"),
        slip="Installing it with `pip install -r requirements.txt`.",
    ),
    PrefTemplate(
        "httpx",
        "stack",
        "Use httpx for HTTP.",
        (("httpx",),),
        (
            "use httpx, not requests",
            "I prefer httpx over requests for HTTP calls",
            "we use httpx for HTTP",
            "stick with httpx, requests isn't in this project",
        ),
        group="http",
        rejects=("requests",),
        slip="I'll call the endpoint with requests.get().",
    ),
    PrefTemplate(
        "fastapi",
        "stack",
        "Use FastAPI for services.",
        (("fastapi",),),
        (
            "we use FastAPI for services",
            "I prefer FastAPI over Flask",
            "always FastAPI for new endpoints",
            "stick with FastAPI, not Flask",
        ),
        group="web",
        rejects=("flask",),
    ),
    PrefTemplate(
        "pnpm",
        "stack",
        "Use pnpm for JavaScript dependencies.",
        (("pnpm",),),
        (
            "use pnpm, not npm",
            "we use pnpm for the frontend",
            "don't run npm install, we use pnpm",
            "always pnpm for JS dependencies",
        ),
        group="js_packages",
        rejects=("npm", "yarn"),
        slip="Running `npm install` in web/.",
    ),
    PrefTemplate(
        "pydantic",
        "stack",
        "Validate with pydantic models.",
        (("pydantic",),),
        (
            "use pydantic models for validation",
            "I prefer pydantic over hand-rolled validation",
            "we use pydantic for config and payloads",
            "always validate input with pydantic models",
        ),
        group="validation",
    ),
    PrefTemplate(
        "typescript",
        "stack",
        "TypeScript, not plain JavaScript.",
        (("typescript",),),
        (
            "TypeScript, not plain JavaScript",
            "we use TypeScript for all frontend code",
            "always TypeScript for new files",
            "I prefer TypeScript over JavaScript",
        ),
        group="js_language",
        rejects=("javascript",),
    ),
    PrefTemplate(
        "sqlalchemy",
        "stack",
        "Use SQLAlchemy for database access.",
        (("sqlalchemy",),),
        (
            "use SQLAlchemy, not raw SQL strings",
            "we use SQLAlchemy for database access",
            "stick with SQLAlchemy 2.0-style select()",
            "I prefer SQLAlchemy over hand-written SQL",
        ),
        group="orm",
    ),
    # --- workflow -----------------------------------------------------------------------
    PrefTemplate(
        "tests_before_done",
        "workflow",
        "Run the tests before saying a task is done.",
        (("test", "pytest"), ("done", "finish", "complete", "claim")),
        (
            "always run the tests before you say it's done",
            "don't tell me it's done until the tests pass",
            "run pytest before claiming a task is finished",
            "make sure the tests pass before you say you're done",
        ),
        slip="That should fix it, it's done.",
    ),
    PrefTemplate(
        "conventional_commits",
        "workflow",
        "Conventional Commits messages.",
        (("conventional",),),
        (
            "use conventional commit messages",
            "commit messages follow Conventional Commits (feat:, fix:)",
            "always conventional commit prefixes on commits",
            "no, conventional commits please, feat: and fix: prefixes",
        ),
        slip='Committed as "Updated stuff".',
    ),
    PrefTemplate(
        "ruff",
        "workflow",
        "Run ruff before committing.",
        (("ruff",),),
        (
            "run ruff before you commit",
            "always ruff check --fix and ruff format before committing",
            "don't commit before ruff passes",
            "ruff format everything before a commit, like always",
        ),
        group="formatter",
        rejects=("black",),
    ),
    PrefTemplate(
        "no_mock_db",
        "workflow",
        "Don't mock the database in tests.",
        (("mock",), ("database", "db")),
        (
            "don't mock the database in tests, use a real one",
            "never mock the db, tests hit a real database file",
            "no mocks for the database, use a real instance",
            "stop mocking the database",
        ),
        slip="I replaced the connection with a MagicMock in the test.",
    ),
    PrefTemplate(
        "rebase",
        "workflow",
        "Rebase instead of merge commits.",
        (("rebas",),),
        (
            "rebase on main, never merge main into the branch",
            "I prefer rebasing over merge commits",
            "always rebase, no merge commits",
            "stop creating merge commits, rebase instead",
        ),
        slip="Merged main into the branch to pick up the fix.",
    ),
    PrefTemplate(
        "tdd",
        "workflow",
        "Write a failing test before the fix.",
        (("failing test",),),
        (
            "write a failing test first, then the fix",
            "always start with a failing test",
            "I prefer a failing test before any bug fix",
            "no fix without a failing test first",
        ),
    ),
    PrefTemplate(
        "ask_deps",
        "workflow",
        "Ask before adding a dependency.",
        (("dependenc",), ("ask",)),
        (
            "ask before adding a new dependency",
            "don't add dependencies without asking me",
            "never add a dependency without asking first",
            "always ask before pulling in another dependency",
        ),
    ),
    PrefTemplate(
        "small_commits",
        "workflow",
        "Small, focused commits.",
        (("small",), ("commit",)),
        (
            "keep commits small and focused",
            "one logical change per commit, small commits please",
            "I prefer small commits over one big commit",
            "smaller commits, always split them up",
        ),
    ),
    # --- environment --------------------------------------------------------------------
    PrefTemplate(
        "zsh",
        "environment",
        "Shell is zsh.",
        (("zsh",),),
        (
            "I use zsh, so give me zsh-compatible commands",
            "my shell is zsh, not bash",
            "always assume zsh for shell snippets",
            "we're on zsh here, no bash-only syntax",
        ),
        group="shell",
    ),
    PrefTemplate(
        "docker_compose",
        "environment",
        "Run services through docker compose.",
        (("docker compose", "docker-compose"),),
        (
            "run services through docker compose, never install them locally",
            "we use docker compose for the local stack",
            "always start postgres with docker compose",
            "I prefer docker compose over local installs",
        ),
        group="services",
    ),
    PrefTemplate(
        "neovim",
        "environment",
        "Editor is neovim.",
        (("neovim", "nvim"),),
        (
            "I use neovim, so no VS Code instructions",
            "I'm on neovim, skip the IDE steps",
            "always give neovim keybindings, not VS Code ones",
            "we use nvim here, never suggest VS Code",
        ),
        group="editor",
    ),
    PrefTemplate(
        "macos",
        "environment",
        "Machine is macOS.",
        (("macos",),),
        (
            "I'm on macOS, so use BSD sed flags",
            "we use macOS, give me brew commands, not apt",
            "always assume macOS for install steps",
            "my machine is macOS, never assume Linux paths",
        ),
        group="os",
    ),
    PrefTemplate(
        "direnv",
        "environment",
        "Env vars via direnv.",
        (("direnv",),),
        (
            "we use direnv for env vars, never a .env loader in code",
            "I prefer direnv over python-dotenv",
            "always put env vars in .envrc for direnv",
            "use direnv, not dotenv",
        ),
        group="env_vars",
        rejects=("dotenv",),
    ),
    # --- anti-preferences ---------------------------------------------------------------
    PrefTemplate(
        "no_force_push",
        "anti_preferences",
        "Never force-push.",
        (("force-push", "force push", "push --force"),),
        (
            "never force-push to main",
            "don't ever force push shared branches",
            "stop force-pushing, ever",
            "no force pushes, ever",
        ),
        slip="Pushed with `git push --force` to clean up the history.",
    ),
    PrefTemplate(
        "no_sudo",
        "anti_preferences",
        "Never use sudo.",
        (("sudo",),),
        (
            "never run anything with sudo",
            "don't use sudo in scripts",
            "stop prefixing commands with sudo",
            "no sudo, ever, ask me instead",
        ),
        slip="Running `sudo apt-get install -y libpq-dev`.",
    ),
    PrefTemplate(
        "no_verify",
        "anti_preferences",
        "Never skip hooks with --no-verify.",
        (("no-verify",),),
        (
            "never commit with --no-verify",
            "don't skip hooks with --no-verify",
            "stop using --no-verify to get past the hooks",
            "no --no-verify, fix the hook failure instead",
        ),
        slip="The pre-commit hook failed, so I committed with --no-verify.",
    ),
    PrefTemplate(
        "no_todo",
        "anti_preferences",
        "No TODO comments.",
        (("todo",),),
        (
            "don't leave TODO comments in the code",
            "never commit a TODO without an issue link",
            "stop adding TODOs, just do it or tell me",
            "no TODO comments, ever",
        ),
    ),
    PrefTemplate(
        "no_wildcard",
        "anti_preferences",
        "No wildcard imports.",
        (("wildcard", "star import", "import *"),),
        (
            "never use wildcard imports",
            "no star imports, ever",
            "don't write import * anywhere",
            "stop using wildcard imports",
        ),
    ),
)

# Everyday phrasings (no cue word): one more per preference, so the dev pool, like the test pool,
# has a share of plain speech to tune on.
_EVERYDAY: dict[str, str] = {
    "terse": "short replies work best for me",
    "no_emoji": "I find emoji in replies distracting",
    "bullets": "bullet points are easier for me to scan than paragraphs",
    "british": "I'm British, so British spelling throughout",
    "clarify": "a clarifying question beats a confident wrong answer every time",
    "pathlib": "pathlib reads so much better than os.path to me",
    "type_hints": "untyped code makes me nervous, annotate it",
    "logging": "print debugging is a pet peeve of mine, logging please",
    "dataclasses": "dataclasses are my go-to for records",
    "fstrings": "f-strings are the only string formatting I want to see",
    "early_return": "deep nesting is hard for me to read, return early",
    "docstrings": "public functions without docstrings bug me",
    "polars": "polars is my default for dataframes",
    "uv": "uv is what we run everything through",
    "httpx": "httpx has been our HTTP client for years",
    "fastapi": "FastAPI is our default for services",
    "pnpm": "pnpm is the package manager for all our JS",
    "pydantic": "I like pydantic models at every boundary",
    "typescript": "plain JavaScript makes me uneasy, TypeScript please",
    "sqlalchemy": "SQLAlchemy is how we talk to the database",
    "tests_before_done": "a task isn't done for me until the tests pass",
    "conventional_commits": "I like my commit history in Conventional Commits style",
    "ruff": "ruff has to be clean before anything gets committed",
    "no_mock_db": "mocked databases have burned me before, use a real one",
    "rebase": "I'm a rebase person, merge commits clutter the history",
    "tdd": "for bugs, a failing test comes before the fix, for me",
    "ask_deps": "new dependencies need my ok first, so ask",
    "small_commits": "small commits are much easier for me to review",
    "zsh": "zsh is my shell",
    "docker_compose": "docker compose is how we run the local stack",
    "neovim": "neovim is where I edit everything",
    "macos": "my laptop is a Mac running macOS",
    "direnv": "direnv handles env vars on my machine",
    "no_force_push": "force-pushing shared branches is off limits",
    "no_sudo": "sudo makes me uncomfortable, find another way",
    "no_verify": "skipping hooks with --no-verify is not ok",
    "no_todo": "TODO comments tend to rot, I'd rather have an issue",
    "no_wildcard": "wildcard imports make code hard to follow",
}
PREFERENCES = tuple(
    replace(p, phrasings=(*p.phrasings, _EVERYDAY[p.id])) if p.id in _EVERYDAY else p for p in PREFERENCES
)

# How a faithful bullet names each preference's key terms (the scorer's polarity check).
_AVOID = ("no_emoji", "no_mock_db", "no_force_push", "no_sudo", "no_verify", "no_todo", "no_wildcard")
_EITHER = ("tests_before_done", "ask_deps", "tdd")  # conditions ("don't … until …"): either way round
PREFERENCES = tuple(
    replace(p, polarity="avoid" if p.id in _AVOID else "" if p.id in _EITHER else "prefer") for p in PREFERENCES
)

CONTRADICTIONS: tuple[ContradictionTemplate, ...] = (
    ContradictionTemplate(
        "dataframes",
        "stack",
        "dataframes",
        (("polars",),),
        (("pandas",),),
        ("we use pandas for the dataframe work", "stick with pandas for the reports", "always use pandas for tables"),
        (
            "actually, don't use pandas anymore, we use polars now",
            "no more pandas, use polars from now on",
            "switch to polars instead of pandas from now on",
        ),
        old_correction=True,
    ),
    ContradictionTemplate(
        "packaging",
        "stack",
        "packaging",
        (("uv",),),
        (("poetry",),),
        ("we use poetry for dependencies", "stick with poetry for packaging", "always poetry add for new packages"),
        (
            "actually, we moved off poetry, use uv from now on",
            "no more poetry, use uv instead",
            "don't use poetry anymore, we use uv",
        ),
    ),
    ContradictionTemplate(
        "http",
        "stack",
        "http",
        (("httpx",),),
        (("requests",),),
        ("we use requests for HTTP calls", "stick with requests for the API client", "always use requests for HTTP"),
        (
            "actually, use httpx instead of requests from now on",
            "no more requests, we use httpx now",
            "don't use requests anymore, switch to httpx",
        ),
    ),
    ContradictionTemplate(
        "web",
        "stack",
        "web",
        (("fastapi",),),
        (("flask",),),
        ("we use Flask for the web layer", "stick with Flask for services", "always Flask for new endpoints"),
        (
            "actually, new services use FastAPI instead of Flask",
            "no more Flask, we use FastAPI now",
            "don't start anything in Flask anymore, use FastAPI",
        ),
    ),
    ContradictionTemplate(
        "js_packages",
        "stack",
        "js_packages",
        (("pnpm",),),
        (("npm",),),
        ("we use npm for the frontend", "stick with npm for JS packages", "always npm install for frontend deps"),
        (
            "actually, we switched to pnpm, don't use npm anymore",
            "no more npm, use pnpm from now on",
            "use pnpm instead of npm from now on",
            "we're a pnpm shop these days, npm is behind us",
        ),
        old_correction=True,
    ),
    ContradictionTemplate(
        "formatter",
        "workflow",
        "formatter",
        (("ruff",),),
        (("black",),),
        ("we format with black", "always run black before committing", "stick with black for formatting"),
        (
            "actually, use ruff format instead of black",
            "no more black, we use ruff format now",
            "don't run black anymore, ruff format from now on",
        ),
    ),
)

# Task requests: `{proj}` is the project's name. Some carry weak cues ("make sure", "should",
# "X, not Y") that a naive extractor mistakes for rules.
TASKS: tuple[TaskTemplate, ...] = (
    TaskTemplate(
        "csv_export",
        (("csv export", "export to csv", "csv"),),
        ("add a CSV export to the {proj} report page", "the CSV export button on the report page does nothing"),
    ),
    TaskTemplate(
        "since_flag",
        (("--since",),),
        ("add a --since flag to the import command", "the --since flag ignores the timezone, fix it"),
    ),
    TaskTemplate(
        "flaky_sync",
        (("flaky",),),
        ("the sync test is flaky again, can you look?", "fix the flaky sync test in {proj}"),
    ),
    TaskTemplate(
        "rename_amount",
        (("amount_cents",),),
        ("rename the amt column to amount_cents", "there are still a few amt references left, rename to amount_cents"),
    ),
    TaskTemplate(
        "dst_bug",
        (("dst",),),
        ("why is the chart off by one hour after the DST change?", "the DST bug is back on the weekly chart"),
    ),
    TaskTemplate(
        "webhook_retry",
        (("webhook",),),
        ("add retry with backoff to the webhook sender", "the webhook sender gives up after one 503, fix that"),
    ),
    TaskTemplate(
        "badge",
        (("badge",),),
        ("add a coverage badge to the README", "the coverage badge in the README is broken"),
    ),
    TaskTemplate(
        "pagination",
        (("paginat",),),
        ("paginate the /invoices endpoint", "pagination on /invoices skips the last page"),
    ),
    TaskTemplate(
        "dark_mode",
        (("dark mode",),),
        ("add a dark mode toggle to the settings page", "the dark mode toggle forgets its state on reload"),
    ),
    TaskTemplate(
        "archived_at",
        (("archived_at",),),
        ("write a migration that adds an archived_at column", "backfill archived_at for the old rows"),
    ),
    TaskTemplate(
        "timeout",
        (("timeout",),),
        ("bump the HTTP client timeout to 30 seconds", "the client timeout is too low for the export job"),
    ),
    TaskTemplate(
        "non_ascii",
        (("non-ascii",),),
        (
            "make sure the importer handles non-ASCII payee names",
            "non-ASCII payee names still come out garbled, make sure the importer decodes them",
        ),
    ),
    TaskTemplate(
        "empty_month",
        (("empty month",),),
        (
            "make sure the report handles an empty month",
            "the report crashes on an empty month again, make sure it renders a zero row",
        ),
    ),
    TaskTemplate(
        "cache_ttl",
        (("ttl",),),
        ("the cache TTL should be 10 minutes, not an hour", "lower the cache TTL for the rates endpoint"),
    ),
    TaskTemplate(
        "log_rotation",
        (("rotation",),),
        ("set up log rotation for the worker", "log rotation isn't kicking in on the worker"),
    ),
    TaskTemplate(
        "stripe_sdk",
        (("stripe",),),
        ("upgrade the stripe SDK to the latest version", "the stripe SDK upgrade broke the refund call"),
    ),
    TaskTemplate(
        "arm64",
        (("arm64",),),
        ("the docker build fails on arm64, can you look?", "arm64 build is red again in CI"),
    ),
    TaskTemplate(
        "n_plus_one",
        (("n+1",),),
        ("fix the N+1 query on the dashboard", "there's another N+1 query on the accounts page"),
    ),
    TaskTemplate(
        "rate_limit",
        (("rate limit",),),
        ("add rate limiting to the login endpoint", "the rate limit on login is per process, make it global"),
    ),
    TaskTemplate(
        "german",
        (("german",),),
        ("translate the error messages into German", "two German error messages are still missing"),
    ),
    TaskTemplate(
        "cleanup_job",
        (("cleanup job",),),
        ("schedule the cleanup job every night at 3am", "the cleanup job ran twice last night"),
    ),
    TaskTemplate(
        "sentry",
        (("sentry",),),
        ("wire up Sentry for the worker process", "Sentry is swallowing the worker's tracebacks"),
    ),
    TaskTemplate(
        "profile_import",
        (("profil",),),
        ("profile the import, it takes forty seconds", "profile the nightly import again, it got slower"),
    ),
    TaskTemplate(
        "onboarding_email",
        (("onboarding",),),
        ("there's a typo in the onboarding email subject", "the onboarding email links to the old domain"),
    ),
    TaskTemplate(
        "healthz",
        (("healthz",),),
        ("add a /healthz endpoint", "/healthz returns 200 even when the database is down"),
    ),
    TaskTemplate(
        "feature_flag",
        (("feature flag",),),
        ("put the new checkout behind a feature flag", "turn the checkout feature flag off for staging"),
    ),
)

# One-offs that carry a planted secret or PII value: `{value}` is filled in.
SECRET_TASKS: dict[str, TaskTemplate] = {
    "aws_access_key": TaskTemplate(
        "iam_denied", (("iam",),), ("the deploy fails with AccessDenied for key {value}, check the IAM policy",)
    ),
    "github_pat": TaskTemplate(
        "ci_token", (("ci token",),), ("use this token for the CI token test: {value} (it expires tomorrow)",)
    ),
    "email": TaskTemplate(
        "send_report", (("weekly report",),), ("send the weekly report draft to {value} once it builds",)
    ),
    "phone": TaskTemplate("oncall_number", (("on-call",),), ("the on-call number is {value}, put it in the runbook",)),
}

GLOBAL_DIRECTIVES: tuple[str, ...] = (
    "Never commit secrets or `.env` files; if a key shows up in a diff, stop and tell me.",
    "Ask before deleting files outside the repository.",
    "Prefer editing existing files over creating new ones.",
    "Keep answers in English, even when the code comments are not.",
    "When a command fails, show me the exact error before trying a fix.",
    "Do not open pull requests on my behalf.",
)

# `{proj}` is the repository's name; a "\n- " line is a nested item, as the splitter yields it.
PROJECT_DIRECTIVES: tuple[str, ...] = (
    "Money is stored as integer cents; never use floats for amounts.",
    "The public API lives in `src/{proj}/api/`; do not add routes elsewhere.",
    "Run `make check` before opening a pull request.\n- It runs the linters, the type checker and the unit tests.\n"
    "- A red `make check` means the change is not finished.",
    "Times are stored in UTC and converted only for display.",
    "Migrations are append-only: never edit a migration that has shipped.",
    "Feature toggles live in `config/toggles.toml`; remove a toggle once its rollout is complete.",
    "Use the `{proj}.log` module for diagnostics; never configure handlers in library code.",
    "Every new module gets a matching file under `tests/`.",
    "Secrets come from the environment at start-up.\n- Never read them at import time.\n"
    "- Never log them, even at debug level.",
    "Public functions in `src/{proj}/core/` must stay backwards compatible within a minor release.",
)

PROJECT_BLURBS: tuple[str, ...] = (
    "This repository is the {proj} service. It talks to the billing API only through `src/{proj}/clients/`.",
    "{proj} is a small internal tool; correctness matters more than speed here.",
    "The {proj} codebase is a monorepo: the backend is in `src/`, the web client in `web/`.",
)

PROJECTS: tuple[str, ...] = (
    "ledgerline",
    "tidepool",
    "quarrystone",
    "harborview",
    "lumenkit",
    "fernway",
    "orbitals",
    "brindle",
    "cobaltdesk",
    "mossgate",
    "pinecrest",
    "saltmarsh",
)

PEOPLE: tuple[Person, ...] = (
    Person("Ines Okafor", "iokafor", "okafor.dev", "ravi.menon@harborview-labs.com"),
    Person("Tomas Vargas", "tvargasx", "vargas.codes", "lena.brandt@quarryworks.io"),
    Person("Hana Lindqvist", "hlindq", "lindqvist.io", "omar.haddad@fernway-health.com"),
    Person("Dev Ramaswamy", "dramasw", "ramaswamy.dev", "ana.costa@orbitals-space.net"),
    Person("Oona Petrov", "opetrovz", "petrov.works", "kai.nakamura@brindle-hq.com"),
    Person("Wren Adeyemi", "wadeyemi", "adeyemi.net", "sara.holm@mossgate-studio.se"),
)
