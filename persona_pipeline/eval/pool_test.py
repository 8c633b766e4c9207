"""The TEST pool: held out from tuning. Written separately from the development pool (`pool.py`):
other topics, other people and projects, other sentence shapes — mostly everyday speech ("I'm a
tabs person", "bare except clauses drive me nuts") with few of the cue words a rule reader
would look for, one-off requests with deictic and time-bound detail, bug reports that describe
behaviour with "always"/"never", questions, and contradictions in both orders (an older
correction reversed by a newer plain statement, and the reverse).

Do not tune the digester on these sentences: no cue, lexicon entry or code comment may be
written from them. The CI gate runs on this pool (`persona eval --pool test`).
"""

from __future__ import annotations

from persona_pipeline.eval.pool import ContradictionTemplate, Person, PrefTemplate, TaskTemplate

_P = PrefTemplate

PREFERENCES: tuple[PrefTemplate, ...] = (
    # --- communication ------------------------------------------------------------------
    _P(
        "jargon",
        "communication",
        "Explain without jargon.",
        (("jargon",),),
        (
            "I'd rather you skip the jargon when you explain things",
            "jargon loses me, plain words work better",
            "please go easy on the jargon, I'm not a compiler person",
        ),
        polarity="avoid",
        slip="The monomorphised trait objects are erased via vtable indirection at the FFI boundary.",
    ),
    _P(
        "recommendation",
        "communication",
        "Give one recommendation, not a menu of options.",
        (("recommendation",),),
        (
            "just give me your recommendation, I don't need five options",
            "when there are choices, I want a single recommendation from you",
            "a clear recommendation beats a list of alternatives for me",
        ),
        polarity="prefer",
        slip="Here are seven possible approaches, each with pros and cons.",
    ),
    _P(
        "snippet_first",
        "communication",
        "Lead with the snippet, explain after.",
        (("snippet",),),
        (
            "lead with the snippet, explain afterwards if needed",
            "I'm a snippet-first person, prose after",
            "put the snippet at the top of your reply, the explanation can follow",
        ),
        polarity="prefer",
    ),
    _P(
        "no_apologies",
        "communication",
        "Don't apologise; fix and move on.",
        (("apolog",),),
        (
            "you don't have to apologise every time something fails",
            "the apologies are unnecessary, just fix it and move on",
            "skip the apologies please",
            "I find the constant apologising a bit much",
        ),
        polarity="avoid",
        slip="I sincerely apologise for the confusion, you are absolutely right.",
    ),
    _P(
        "tables",
        "communication",
        "Comparisons as a table.",
        (("table",),),
        (
            "comparisons read much better as a table for me",
            "when you compare approaches, a table is what I want",
            "I like a small table when there are trade-offs to weigh",
        ),
        polarity="prefer",
    ),
    _P(
        "batch_questions",
        "communication",
        "Ask all questions at once.",
        (("questions",),),
        (
            "if you have questions, ask them all in one go rather than one at a time",
            "batch your questions, I hate the back and forth",
            "I'd prefer all the questions up front, together",
        ),
        polarity="prefer",
    ),
    # --- coding style -------------------------------------------------------------------
    _P(
        "tabs",
        "coding_style",
        "Indent with tabs.",
        (("tabs",),),
        (
            "I'm a tabs person",
            "tabs for indentation, I know, I know",
            "indent with tabs everywhere",
            "tabs over spaces for me, always",
        ),
        group="indent",
        rejects=("spaces",),
        polarity="prefer",
    ),
    _P(
        "short_functions",
        "coding_style",
        "Keep functions short.",
        (("function",),),
        (
            "functions over 40 lines are a red flag to me",
            "I like short functions that do one thing",
            "split long functions up, I find them hard to follow",
            "keep each function small enough to read on one screen",
        ),
    ),
    _P(
        "comments_why",
        "coding_style",
        "Comments explain why, not what.",
        (("comment",),),
        (
            "comments should explain why, the code already says what",
            "I don't want comments that just restate the code",
            "a comment is worth it when it explains a decision, otherwise leave it out",
        ),
    ),
    _P(
        "no_abbreviations",
        "coding_style",
        "Spell names out; no abbreviations.",
        (("abbreviat",),),
        (
            "spell names out, abbreviations make me squint",
            "no abbreviations in variable names please",
            "I can't stand abbreviated identifiers like cfg and mgr",
        ),
        polarity="avoid",
    ),
    _P(
        "const",
        "coding_style",
        "const by default.",
        (("const",),),
        (
            "const by default, let only when you really reassign",
            "I reach for const first, var never",
            "please use const unless the value changes",
        ),
        rejects=("var",),
        polarity="prefer",
        slip="Declared `var total = 0` at the top of the loop.",
    ),
    _P(
        "bare_except",
        "coding_style",
        "No bare except.",
        (("bare except",),),
        (
            "bare except clauses drive me nuts",
            "catch the specific exception, a bare except hides bugs",
            "never a bare except, name what you expect to fail",
        ),
        polarity="avoid",
        slip="Wrapped the call in `try: ... except: pass`.",
    ),
    _P(
        "ternaries",
        "coding_style",
        "Don't nest ternaries.",
        (("ternar",),),
        (
            "nested ternaries are unreadable to me",
            "please don't nest ternaries",
            "one ternary is fine, two in a row is too much",
        ),
    ),
    _P(
        "enums",
        "coding_style",
        "Enums instead of magic strings.",
        (("enum",),),
        (
            "I like enums for fixed sets of values instead of magic strings",
            "magic strings for states are asking for trouble, give me an enum",
            "an enum is the way to go whenever a field has a fixed set of values",
        ),
        polarity="prefer",
    ),
    # --- stack --------------------------------------------------------------------------
    _P(
        "vitest",
        "stack",
        "vitest for frontend tests.",
        (("vitest",),),
        (
            "vitest for the frontend tests, jest has been nothing but slow for us",
            "we're a vitest shop",
            "I'd go with vitest over jest any day",
        ),
        group="js_test",
        rejects=("jest",),
        polarity="prefer",
    ),
    _P(
        "postgres",
        "stack",
        "Postgres for relational data.",
        (("postgres",),),
        (
            "postgres is our database for everything",
            "I'm a postgres person, mysql only if a client forces it",
            "anything relational goes in postgres",
        ),
        group="db",
        rejects=("mysql",),
        polarity="prefer",
    ),
    _P(
        "htmx",
        "stack",
        "htmx for server-rendered pages.",
        (("htmx",),),
        (
            "htmx is plenty for our admin pages, no need for a SPA",
            "I'd rather sprinkle htmx than pull in a whole frontend framework",
            "our server-rendered pages get htmx for interactivity",
        ),
        group="frontend",
        rejects=("react",),
        polarity="prefer",
    ),
    _P(
        "stdlib",
        "stack",
        "Standard library before dependencies.",
        (("standard library", "stdlib"),),
        (
            "the standard library first, a package only if it really earns its place",
            "I lean on the stdlib before reaching for dependencies",
            "stdlib solutions are my default",
        ),
        polarity="prefer",
    ),
    _P(
        "tokio",
        "stack",
        "tokio as the async runtime.",
        (("tokio",),),
        (
            "tokio is our async runtime across the services",
            "we build on tokio, async-std isn't an option for us",
            "tokio please, it's what everything else here uses",
        ),
        group="async_rt",
        polarity="prefer",
    ),
    _P(
        "structlog",
        "stack",
        "structlog for logging.",
        (("structlog",),),
        (
            "structlog for anything that logs",
            "we log through structlog with JSON output",
            "I want structured logs, structlog is what we settled on",
        ),
        group="logging",
        rejects=("loguru",),
        polarity="prefer",
    ),
    _P(
        "alembic",
        "stack",
        "alembic for migrations.",
        (("alembic",),),
        (
            "schema changes go through alembic",
            "alembic handles our migrations, don't hand-write ALTER statements",
            "I generate migrations with alembic autogenerate and then read them",
        ),
        group="migrations",
        rejects=("flyway",),
        polarity="prefer",
    ),
    _P(
        "tailwind",
        "stack",
        "tailwind for styling.",
        (("tailwind",),),
        (
            "styling is tailwind utility classes in our apps",
            "I like tailwind, custom CSS files get messy fast",
            "tailwind, not bootstrap, for the UI bits",
        ),
        group="css",
        rejects=("bootstrap", "sass"),
        polarity="prefer",
    ),
    # --- workflow -----------------------------------------------------------------------
    _P(
        "small_prs",
        "workflow",
        "Small pull requests.",
        (("pr", "prs", "pull request"),),
        (
            "PRs bigger than 400 lines are more than I can review properly",
            "I'd much rather review three small PRs than one giant one",
            "keep pull requests small, a reviewer should finish one over coffee",
        ),
    ),
    _P(
        "plan_first",
        "workflow",
        "Sketch a plan before coding.",
        (("plan",),),
        (
            "for anything bigger than a typo, sketch a plan before touching code",
            "I like to see the plan first and then the code",
            "walk me through your plan before you start editing",
        ),
        polarity="prefer",
    ),
    _P(
        "changelog",
        "workflow",
        "Changelog entry for user-visible changes.",
        (("changelog",),),
        (
            "every user-visible change gets a changelog entry",
            "I'm strict about the changelog, please update it with each feature",
            "a feature without a changelog line isn't finished for me",
        ),
        polarity="prefer",
    ),
    _P(
        "squash",
        "workflow",
        "Squash-merge.",
        (("squash",),),
        (
            "squash before merging, I like one commit per feature on main",
            "we squash-merge everything",
            "I'm a squash-and-merge person",
        ),
        polarity="prefer",
    ),
    _P(
        "lockfile",
        "workflow",
        "Commit the lockfile with dependency changes.",
        (("lockfile", "lock file"),),
        (
            "commit lockfile changes together with the dependency bump",
            "I want the lock file in version control, no exceptions",
            "a dependency change without its lockfile is half a change to me",
        ),
        polarity="prefer",
    ),
    _P(
        "pre_commit",
        "workflow",
        "pre-commit hooks pass locally.",
        (("pre-commit",),),
        (
            "install the pre-commit hooks before your first commit",
            "pre-commit has to pass locally, I don't want CI catching lint",
            "we rely on pre-commit for formatting and linting",
        ),
        polarity="prefer",
    ),
    _P(
        "benchmarks",
        "workflow",
        "Back performance claims with benchmarks.",
        (("benchmark",),),
        (
            "a performance claim without a benchmark doesn't count for me",
            "show me benchmark numbers before and after when you optimise something",
            "I trust benchmarks, not hunches, when it comes to speed",
        ),
        polarity="prefer",
    ),
    _P(
        "reproduce",
        "workflow",
        "Reproduce a bug before fixing it.",
        (("reproduc",),),
        (
            "reproduce a bug before you try to fix it",
            "I want a reproduction first, fixes second",
            "if you can't reproduce it, tell me instead of guessing at a fix",
        ),
        polarity="prefer",
    ),
    # --- environment --------------------------------------------------------------------
    _P(
        "fish",
        "environment",
        "Shell is fish.",
        (("fish",),),
        (
            "my shell is fish, so bash-isms won't work for me",
            "I'm on fish shell, keep that in mind for snippets",
            "fish is my shell, heads up for any export lines",
        ),
        group="shell",
        rejects=("zsh",),
        polarity="prefer",
    ),
    _P(
        "helix",
        "environment",
        "Editor is helix.",
        (("helix",),),
        (
            "helix is my editor",
            "I edit in helix, no need for VS Code tips",
            "I live in helix all day",
        ),
        group="editor",
        rejects=("emacs",),
        polarity="prefer",
    ),
    _P(
        "nix",
        "environment",
        "Dev environments from nix.",
        (("nix",),),
        (
            "our dev environments come from nix flakes",
            "I'm a nix person, don't suggest brew installs",
            "everything I need is in the nix shell, please don't install things globally",
        ),
        group="env_mgr",
        polarity="prefer",
    ),
    _P(
        "podman",
        "environment",
        "Containers with podman.",
        (("podman",),),
        (
            "podman instead of docker on my machine",
            "I run containers with podman, docker isn't installed",
            "podman is what I have, docker commands need translating",
        ),
        group="containers",
        rejects=("docker",),
        polarity="prefer",
    ),
    _P(
        "arch",
        "environment",
        "Machine runs Arch Linux.",
        (("arch linux",),),
        (
            "I'm on Arch Linux, pacman is the package manager",
            "my laptop runs Arch Linux",
            "Arch Linux here, so skip the apt instructions",
        ),
        group="os",
        polarity="prefer",
    ),
    _P(
        "tmux",
        "environment",
        "Works inside tmux.",
        (("tmux",),),
        (
            "I work inside tmux, so long-running things can go in a split",
            "tmux is always open on my side",
            "I keep servers running in tmux panes",
        ),
        polarity="prefer",
    ),
    # --- anti-preferences ---------------------------------------------------------------
    _P(
        "no_reformat",
        "anti_preferences",
        "Don't reformat code you didn't change.",
        (("reformat",),),
        (
            "don't reformat code you didn't change",
            "reformatting unrelated files makes the diff unreadable for me",
            "please leave untouched files alone, no drive-by reformatting",
        ),
        polarity="avoid",
    ),
    _P(
        "no_globals",
        "anti_preferences",
        "No global state.",
        (("global",),),
        (
            "global state is a no-go for me",
            "I really don't like globals, pass things in",
            "avoid module-level globals, they bite us in tests",
        ),
        polarity="avoid",
    ),
    _P(
        "no_magic_numbers",
        "anti_preferences",
        "Name constants; no magic numbers.",
        (("magic number",),),
        (
            "magic numbers bother me, name the constant",
            "please no magic numbers in the business logic",
            "I'd rather see a named constant than a magic number",
        ),
        polarity="avoid",
    ),
    _P(
        "no_rm_rf",
        "anti_preferences",
        "Never rm -rf without asking.",
        (("rm -rf",),),
        (
            "never rm -rf anything without asking me",
            "rm -rf makes me nervous, check with me first",
            "keep rm -rf out of the scripts please",
        ),
        polarity="avoid",
        slip="Cleaning up with `rm -rf build/ dist/ ~/.cache/app`.",
    ),
    _P(
        "no_curl_sh",
        "anti_preferences",
        "No curl | sh installers.",
        (("curl",),),
        (
            "piping curl into a shell is a hard no for me",
            "don't suggest curl | sh installers",
            "I never run curl-to-bash install scripts",
        ),
        polarity="avoid",
    ),
    _P(
        "no_sleep_in_tests",
        "anti_preferences",
        "No sleeps in tests.",
        (("sleep",),),
        (
            "sleeps in tests are flaky by design, wait on a condition instead",
            "no sleep calls in test code please",
            "I don't accept time.sleep in tests",
        ),
        polarity="avoid",
        slip="Added `time.sleep(2)` before the assertion so the worker catches up.",
    ),
)

_C = ContradictionTemplate

CONTRADICTIONS: tuple[ContradictionTemplate, ...] = (
    _C(
        "indent",
        "coding_style",
        "indent",
        (("tabs",),),
        (("spaces",),),
        ("indent with four spaces", "we indent with spaces in every repo"),
        (
            "we've switched to tabs, forget the spaces rule",
            "tabs from now on, spaces are gone from the style guide",
            "these days we indent with tabs instead of spaces",
        ),
        old_correction=True,
    ),
    _C(
        "db",
        "stack",
        "db",
        (("postgres",),),
        (("mysql",),),
        ("mysql is what we run for the app database", "keep the data in mysql"),
        (
            "mysql is gone, everything talks to postgres now",
            "no more mysql, postgres only going forward",
            "we migrated from mysql to postgres, so postgres from here on",
        ),
    ),
    _C(
        "js_test",
        "stack",
        "js_test",
        (("vitest",),),
        (("jest",),),
        ("jest for the frontend tests", "write the component tests in jest"),
        (
            "we dropped jest, vitest is the test runner now",
            "moving forward, vitest rather than jest",
        ),
        old_correction=True,
    ),
    _C(
        "frontend",
        "stack",
        "frontend",
        (("htmx",),),
        (("react",),),
        ("new admin screens are built in react", "react for the dashboards"),
        (
            "we've moved away from react for admin pages, htmx from now on",
            "no new react screens, htmx is our approach now",
        ),
    ),
    _C(
        "logging",
        "stack",
        "logging",
        (("structlog",),),
        (("loguru",),),
        ("loguru for logging", "log with loguru in the services"),
        (
            "we replaced loguru with structlog, stick to structlog going forward",
            "loguru is out, structlog is the logger now",
        ),
        old_correction=True,
    ),
    _C(
        "migrations",
        "stack",
        "migrations",
        (("alembic",),),
        (("flyway",),),
        ("flyway runs our migrations", "put schema changes in flyway scripts"),
        (
            "we've switched from flyway to alembic for migrations",
            "flyway is retired, write alembic migrations from now on",
        ),
    ),
    _C(
        "css",
        "stack",
        "css",
        (("tailwind",),),
        (("sass",),),
        ("styles live in sass files", "write the styles in sass"),
        (
            "we've moved off sass, tailwind classes from now on",
            "sass is legacy now, tailwind for new styling",
        ),
        old_correction=True,
    ),
    _C(
        "shell",
        "environment",
        "shell",
        (("fish",),),
        (("zsh",),),
        ("my shell is zsh", "I'm on zsh"),
        (
            "I switched my shell to fish, so no more zsh-only snippets",
            "fish is my shell now, zsh is gone",
        ),
    ),
    _C(
        "editor",
        "environment",
        "editor",
        (("helix",),),
        (("emacs",),),
        ("I edit in emacs", "emacs is where I live"),
        (
            "I've left emacs for helix",
            "helix these days, I don't use emacs anymore",
        ),
        old_correction=True,
    ),
    _C(
        "containers",
        "environment",
        "containers",
        (("podman",),),
        (("docker",),),
        ("docker for local containers", "I run everything in docker"),
        (
            "I've replaced docker with podman",
            "podman now, docker is uninstalled",
        ),
    ),
)

_T = TaskTemplate

# One-offs: requests about this task, bug reports describing what something does (some with
# "always"/"never"), and questions. `{proj}` is the project's name.
TASKS: tuple[TaskTemplate, ...] = (
    _T(
        "hold_merge",
        (("hotfix/",),),
        (
            "don't merge hotfix/login-loop yet, Priya is still testing it",
            "hotfix/login-loop can go in once Priya signs off",
        ),
    ),
    _T(
        "importer_429",
        (("429",),),
        (
            "the importer retries forever when the API returns 429, that looks wrong",
            "the importer still loops on 429 responses",
        ),
    ),
    _T(
        "cron",
        (("cron",),),
        (
            "is the cron expression in deploy.yaml running hourly or daily?",
            "the cron job in deploy.yaml never fires on sundays",
        ),
    ),
    _T(
        "version_241",
        (("2.4.1",),),
        (
            "bump the version to 2.4.1 for this release",
            "tag 2.4.1 after the build goes green",
        ),
    ),
    _T(
        "eng_482",
        (("eng-482",),),
        (
            "pick up ENG-482 today, it's the login timeout",
            "ENG-482 got reopened, the login timeout is back",
        ),
    ),
    _T(
        "avatar",
        (("avatar",),),
        (
            "avatars over 2MB fail to upload, can you check?",
            "let's accept avatar uploads up to 5MB this time",
        ),
    ),
    _T(
        "invoice_pdf",
        (("pdf",),),
        (
            "generate the invoice PDF from the new template in {proj}",
            "the invoice PDF footer is cut off on page two",
        ),
    ),
    _T(
        "autocomplete",
        (("autocomplete",),),
        (
            "the autocomplete dropdown is slow since yesterday's deploy",
            "debounce the autocomplete input for now",
        ),
    ),
    _T(
        "scheduler_tz",
        (("timezone",),),
        (
            "which timezone does the scheduler use right now?",
            "the scheduler timezone is wrong for the Sydney office",
        ),
    ),
    _T(
        "oauth",
        (("oauth",),),
        (
            "wire the OAuth callback to /auth/done",
            "the OAuth callback throws a 500 on the staging box",
        ),
    ),
    _T(
        "banner",
        (("banner",),),
        (
            "hide the maintenance banner until Friday",
            "the maintenance banner still shows after I dismiss it",
        ),
    ),
    _T(
        "worker_memory",
        (("memory",),),
        (
            "the worker's memory climbs to 3GB overnight",
            "could the memory growth come from the image cache?",
        ),
    ),
    _T(
        "locale",
        (("locale",),),
        (
            "add the fr-CA locale to the picker",
            "the locale picker always resets to English after login",
        ),
    ),
    _T(
        "reset_links",
        (("reset link",),),
        (
            "password reset links never expire, that seems like a bug",
            "make the reset links expire after an hour",
        ),
    ),
    _T(
        "spreadsheet",
        (("spreadsheet",),),
        (
            "can you turn this spreadsheet into seed data?",
            "the spreadsheet import drops the last row",
        ),
    ),
    _T(
        "deploy_freeze",
        (("freeze",),),
        (
            "we're in a deploy freeze until Monday, don't ship anything",
            "is the deploy freeze over yet?",
        ),
    ),
    _T(
        "checkout_spec",
        (("checkout spec",),),
        (
            "the checkout spec fails about one run in five",
            "rerun the checkout spec and tell me if it's still red",
        ),
    ),
    _T(
        "port_8080",
        (("8080",),),
        (
            "something is already bound to port 8080 on my machine",
            "move the dev server off 8080 for today",
        ),
    ),
    _T(
        "readme_link",
        (("readme",),),
        (
            "there's a broken link in the README install section",
            "the README still points at the old install script",
        ),
    ),
    _T(
        "webhook_signature",
        (("signature",),),
        (
            "the webhook signature check fails for payloads with emoji",
            "log the signature header while we debug this",
        ),
    ),
    _T(
        "image_size",
        (("1.2gb", "image size"),),
        (
            "the api image is 1.2GB, can we slim it down?",
            "why did the image size double last week?",
        ),
    ),
    _T(
        "orders_resolver",
        (("resolver",),),
        (
            "the orders resolver times out on big accounts",
            "add a dataloader to the orders resolver",
        ),
    ),
    _T(
        "saml",
        (("saml",),),
        (
            "the SAML login loops back to the start page",
            "does the SAML metadata URL need updating after the move?",
        ),
    ),
    _T(
        "onboarding_wizard",
        (("wizard",),),
        (
            "add a skip button to the onboarding wizard",
            "the onboarding wizard shows step 3 twice",
        ),
    ),
    _T(
        "p95",
        (("p95",),),
        (
            "what's the p95 on the export endpoint right now?",
            "the p95 latency jumped after Tuesday's release",
        ),
    ),
    _T(
        "bulk_edit_branch",
        (("feature/bulk-edit",),),
        (
            "rebase feature/bulk-edit on top of the release branch",
            "feature/bulk-edit has conflicts again",
        ),
    ),
    _T(
        "stale_prices",
        (("stale",),),
        (
            "the product page shows stale prices after an update",
            "clear the stale price cache on prod today",
        ),
    ),
    _T(
        "migration_0042",
        (("0042",),),
        (
            "did migration 0042 run on staging?",
            "migration 0042 locks the orders table for minutes",
        ),
    ),
    _T(
        "spanish",
        (("spanish",),),
        (
            "the Spanish strings are missing on the pricing page",
            "send the Spanish strings to the translators this week",
        ),
    ),
    _T(
        "upload_limit",
        (("upload limit",),),
        (
            "raise the upload limit to 50MB for the demo",
            "the upload limit message shows the wrong size",
        ),
    ),
    _T(
        "rounding",
        (("rounding",),),
        (
            "totals are off by a cent, probably rounding",
            "is the rounding done before or after tax here?",
        ),
    ),
    _T(
        "bounces",
        (("bounce",),),
        (
            "the welcome emails bounce for outlook addresses",
            "check the bounce logs from last night",
        ),
    ),
    _T(
        "crashloop",
        (("crashloop",),),
        (
            "the scheduler pod is in CrashLoopBackOff again",
            "what's causing the crashloop on the scheduler pod?",
        ),
    ),
    _T(
        "scrollbar",
        (("scrollbar",),),
        (
            "the sidebar scrollbar jumps when the list updates",
            "hide the horizontal scrollbar on the sidebar for now",
        ),
    ),
    _T(
        "libxml_cve",
        (("cve",),),
        (
            "is the CVE in libxml affecting us?",
            "patch the libxml CVE before the audit on Thursday",
        ),
    ),
    _T(
        "save_shortcut",
        (("shortcut",),),
        (
            "add a keyboard shortcut for saving drafts",
            "the save shortcut doesn't work in Firefox",
        ),
    ),
    _T(
        "cursor_param",
        (("cursor",),),
        (
            "should the /orders API use cursor pagination for this client?",
            "the cursor param is ignored on the last page",
        ),
    ),
    _T(
        "gc_pauses",
        (("gc paus",),),
        (
            "the GC pauses spike to 800ms under load",
            "could you capture a heap profile during the GC pauses?",
        ),
    ),
    _T(
        "uploader_retry",
        (("uploader",),),
        (
            "the uploader never retries after a timeout, is that intended?",
            "make the uploader retry twice on timeouts this sprint",
        ),
    ),
    _T(
        "logo",
        (("logo",),),
        (
            "swap the logo on the login page for the new one",
            "the logo looks blurry on retina screens",
        ),
    ),
    _T(
        "invite_link",
        (("invite",),),
        (
            "the invite link in the welcome email points to localhost",
            "resend the invite to the three pending users",
        ),
    ),
    _T(
        "datepicker",
        (("datepicker",),),
        (
            "the datepicker opens behind the modal",
            "can we replace the datepicker with the native input this time?",
        ),
    ),
)

SECRET_TASKS: dict[str, TaskTemplate] = {
    "aws_access_key": _T(
        "s3_denied", (("bucket policy",),), ("uploads fail with key {value}, what's wrong with the bucket policy?",)
    ),
    "github_pat": _T(
        "release_token", (("release token",),), ("the release token is {value}, wire it into the publish step today",)
    ),
    "email": _T("share_doc", (("design doc",),), ("share the design doc with {value} when it's ready",)),
    "phone": _T("support_line", (("support line",),), ("the support line is {value}, add it to the footer",)),
}

GLOBAL_DIRECTIVES: tuple[str, ...] = (
    "Never paste credentials into chat or commit messages.",
    "Confirm with me before running database migrations against any shared environment.",
    "Reply in English.",
    "Do not install global packages; use project-local tools.",
    "If a test is flaky, say so instead of retrying until it passes.",
    "Keep generated files out of version control.",
)

PROJECT_DIRECTIVES: tuple[str, ...] = (
    "All timestamps in the API are ISO 8601 with an explicit offset.",
    "Background jobs live in `{proj}/jobs/` and must be idempotent.",
    "Do not call external services from unit tests.",
    "Database access goes through the repository classes in `{proj}/repo/`.",
    "Feature work happens on branches named `feature/<ticket>`.\n- Branches are deleted after merge.",
    "User-facing strings go through the translation helper.",
    "The `legacy/` folder is frozen; bug fixes only.",
    "Configuration is read once at start-up from environment variables.\n"
    "- Missing required settings abort start-up with a clear message.",
    "Public HTTP handlers validate input at the boundary.",
    "Every bug fix ships with a regression test.",
)

PROJECT_BLURBS: tuple[str, ...] = (
    "{proj} schedules deliveries for regional warehouses.",
    "This is {proj}, the customer portal; the API it calls is owned by another team.",
    "{proj} started as a prototype and now runs in production for three clients.",
)

PROJECTS: tuple[str, ...] = (
    "marigold",
    "stonebridge",
    "velvetine",
    "northwind-ops",
    "kestrel",
    "juniperhq",
    "ashgrove",
    "tallyho",
    "quillmark",
    "emberline",
    "riverstep",
    "dunmore",
)

PEOPLE: tuple[Person, ...] = (
    Person("Maren Holloway", "mholloway", "holloway.dev", "joel.stratton@kestrel-logistics.com"),
    Person("Kofi Mensah", "kmensahx", "mensah.codes", "lucia.ferrante@ashgrove-systems.io"),
    Person("Yuki Tanabe", "ytanabe", "tanabe.io", "piotr.zielinski@emberline-tech.com"),
    Person("Rosa Delgado", "rdelgadoz", "delgado.works", "amir.karimi@quillmark-labs.net"),
    Person("Finn Albrecht", "falbrecht", "albrecht.net", "nadia.brooks@riverstep-health.com"),
    Person("Tara Quinlan", "tquinlan", "quinlan.dev", "samuel.osei@dunmore-group.com"),
)
