"""An independent, seeded generator of developer prompts with planted secrets and personal data.

Written blind (before reading the redaction engine or ``redaction_cases``) to measure how the
redactor generalises. Every seed draws fresh values (valid checksums where a format has one:
Luhn, IBAN mod-97, phone numbers that ``phonenumbers`` accepts) and wraps them in the shapes
developers actually paste: prose, quotes, JSON tool payloads, code fences, curl commands,
stack traces, URL query strings, env files, YAML / k8s manifests, CSV and log lines.

An equal share of *decoys* are hard negatives that must survive verbatim: git SHAs, UUIDs,
semver, lockfile hashes, base64 image data, code identifiers, placeholders, public endpoints,
ordinary dates, capitalised product names, ports, paths without user names, AWS's documented
EXAMPLE keys, private addresses.

Two pools split by template family (new values every seed, in both pools). The generator grows
in rounds; each round's holdout is written before any of it is scored, measured untuned, and
joins dev when the next round's holdout has been written. Every template family, wrapper family
and decoy kind belongs to one round (``Category.rounds``, ``WRAPPER_ROUNDS``, ``DECOY_ROUNDS``);
``HOLDOUT_ROUNDS`` (18 alone) are the holdout and every round before ``HOLDOUT_ROUND`` (18, the oldest
holdout round) is dev. ``generate(..., round_no=N)`` and the CLI's ``--round N`` keep one round of
a pool (its families, decoy kinds and wrappers); a round's cases do not depend on later rounds, so
``--pool holdout --round 17`` is exactly round 17's holdout whatever is written after it (a pool's
name seeds its cases: round 9 scored as dev draws other cases than it did as the holdout).
``generate(..., "dev", n, before=N)`` is the dev pool as it was while round N was the oldest holdout
(``before=8``: rounds 1 to 7, the very cases dev drew before round 9 was written; ``before=9``: rounds
1 to 8, the cases dev drew before round 10 was written; ``before=10``: rounds 1 to 9, the cases dev
drew before round 11 was written; ``before=11``: rounds 1 to 10, the cases dev drew before round 12
was written; ``before=12``: rounds 1 to 11, the cases dev drew before round 13 was written;
``before=13``: rounds 1 to 12, the cases dev drew before round 14 was written; ``before=14``: rounds
1 to 13, the cases dev drew before round 15 was written; ``before=15``: rounds 1 to 14, the cases dev
drew before round 16 was written; ``before=16``: rounds 1 to 15, the cases dev drew before round 17
was written). Every category of rounds 1 to 15 enters a draw cycle once (its ``weight`` is 1); round
16's new kinds enter it ``NEW16_WEIGHT`` times, which changes no earlier draw; round 17's new kinds
``NEW17_WEIGHT`` times and its earlier kinds in new value shapes ``EARLIER17_WEIGHT`` times. A weight
counts only in a draw of the one round that wrote the category (``Category.draws``): among round 17's
families and in the whole dev pool round 16's kinds enter once, as they do nowhere else.

- ``dev`` (tune on its failures): rounds 1 to 16 (round 7 since issue 17 opened it, branch tune7:
  untuned seeds 1 / 2 78.8 / 79.9% secrets, 77.4 / 77.5% personal data, 239 / 259 FP/MB; after the
  tuning 99.2 / 99.1%, 97.6 / 97.3%, 0 / 0 FP/MB; round 8 since round 9 was written, branch blind9:
  as dev, untuned on it, seed 7 (n 1200) 83.0% secrets, 77.0% personal data, 117 FP/MB; tuned on
  branches tune8s (secrets and false positives: seeds 1 / 2 82.8 / 82.6% -> 99.5 / 99.6% secrets,
  160 / 142 -> 0 / 0 FP/MB) and tune8p (personal data: 77.1 / 76.0% -> 96.2 / 95.5%); round 9 since
  round 10 was written, branch blind10, with the floors it had as the holdout until its tuners raise
  them; round 10 since round 11 was written, branch blind11, likewise; as dev, untuned on it, seed 7
  (n 1200): 84.1% secrets, 80.3% personal data, 440.7 FP/MB, 6 stray spans; round 11 since round 12
  was written, branch blind12, likewise (the floors it had as the holdout); round 12 since round 13
  was written, branch blind13, likewise; round 13 since round 14 was written, branch blind14,
  likewise: drawn as dev at seed 7 (n 1200), untuned on it, 61.8% secrets, 53.8% personal data,
  2.4 FP/MB, 4 stray spans; round 14 since round 15 was written, branch blind15, likewise but for
  personal data: drawn as dev at seed 7 (n 1200), untuned on it, 60.2% secrets, 61.5% personal data,
  94.7 FP/MB, 2 stray spans; round 15 since round 16 was written, branch blind16, likewise but for
  false positives: drawn as dev at seed 7 (n 1200), untuned on it, 66.2% secrets, 62.1% personal
  data, 120.0 FP/MB, 43 stray spans; round 16 since round 17 was written, branch blind17, with the
  floors it had as the holdout: drawn as dev at seed 7 (n 1200), untuned on it, 71.8% secrets, 40.7%
  personal data, 0.0 FP/MB, 2 stray spans).
  Round 1 is the first generator (its even *and* odd families: the once-held-out prose / XML
  password and context-free name families). Round 2 (the ``round2`` templates,
  ``ROUND2_WRAPPERS``, ``_round2_decoy_templates``) added other wrappers and dialects: PowerShell
  ``$env:X``, TOML, .ini, docker-compose ``environment:``, Terraform/HCL, Java properties, .NET
  connection strings, JDBC URLs, Helm values, GitHub Actions ``env:``, markdown tables, ``curl
  -u``, ``git clone https://user:token@``, ``docker login --password``, libpq ``psql "host=…
  password=…"``, auth logs, non-English prose; chat pastes, issue forms, Go/Node stacks, YAML
  block scalars, e-mail quotes, HTML ``<pre>``, Jupyter output, journal lines; decoys of prose
  about credentials and configuration keys that merely contain a credential word.
  Round 3 (``round3``, ``ROUND3_WRAPPERS``, ``_round3_decoy_templates``) added IRC logs, quoted
  CSV cells, Python literals, Rust panics, review comments, XML comments, heredocs, log4j lines
  and task lists; decoys of ETags, checksums, GUID tenant ids, Helm placeholders, team names and
  tracking numbers.
  Round 4 (the ``holdout`` templates, ``ROUND4_WRAPPERS``, ``_round4_decoy_templates``; dev since
  round 5) added two or more families for every category (.netrc, git config, Dockerfile
  ``ENV``/``ARG``, tfvars, ``.pgpass``, Ansible vars, fish ``set -gx``, SQL ``INSERT``/``WHERE``,
  vCard, ``tel:`` links, WS-Security, Tomcat users, s3cmd / rclone configs, ``aws iam
  create-access-key`` output, a k8s Secret's base64 ``data:``, proxy and pip.conf URLs, Japanese /
  Italian / Dutch prose…), categories the generator lacked (Hugging Face, DigitalOcean, Shopify,
  Atlassian, Databricks, Vault, Doppler, Mailgun, Datadog, Heroku, Linear, Postman and Telegram
  tokens, opaque bearer tokens, SSH passwords; UK NINO, Canadian SIN, passport numbers, Spanish
  DNI/NIE, Brazilian CPF, dates of birth in other languages, plus-addressed and sub-domain
  e-mails, ES/IT/NL/JP/AU phones, NL/ES/IT/JP/CA addresses, transliterated names), wrappers (Slack
  export JSON with ``\\/``, GraphQL variables, Ansible shell block, systemd comment, Makefile
  recipe, Dockerfile ``RUN echo -e``, diff hunk, pytest failure, HAR excerpt, logged dict, SQL
  string, Postman raw body, ANSI colours, CRLF, Jira ``{code}``, JUnit ``failure message=``,
  URL-encoded query, Teams copy, tfvars heredoc, reST block) and decoys (request ids, build
  artefacts, version banners, public keys and certificates, provider object ids, cloud resource
  ids, role and documentation contacts, well-known and documentation IPs, products named like
  people, PII-shaped schema fields).
  Round 5 (``round5``, ``ROUND5_WRAPPERS``, ``_round5_decoy_templates``; dev since round 6):
  two to seven new families for every earlier category (Windows ``set``/``setx``, ``docker run
  -e``, ``kubectl create secret``/``patch``, Helm ``--set``, MCP server configs, Jupyter JSON and
  ``%env``, C#/Go/Rust/Kotlin/PowerShell code, Streamlit ``secrets.toml``, ``twilio login`` and
  ``gcloud`` output, Alertmanager receivers, TSV cells, git blame lines, Portuguese / Polish /
  Russian / Chinese / Korean / Turkish / non-native English prose…). Categories the generator
  lacked (``Category.rounds`` all 5): provider tokens with documented formats (Groq, xAI,
  Replicate, Perplexity, Slack app-level, Stripe webhook secrets, GitLab runner / deploy / trigger
  tokens, Docker Hub, Sentry, New Relic, Okta, Terraform Cloud, Notion, Figma, Supabase, Twilio
  API keys, Azure SAS and Service Bus keys, Azure AD client secrets, Google OAuth client secrets,
  FCM server keys, Mailchimp, Grafana, Pulumi), private keys in other containers (age, PGP, PuTTY,
  WireGuard, JWK ``d``, kubeconfig ``client-key-data`` and tokens), Basic auth headers, session
  cookies, framework signing secrets, ODBC/JDBC/Oracle/Npgsql connection-string passwords;
  national ids with their check digits (NL BSN, FR NIR, PL PESEL, IN Aadhaar (Verhoeff) and PAN,
  ZA ID, KR RRN, SE personnummer, AU TFN, UK NHS, CN resident id, DE Steuer-ID, IT codice
  fiscale), IBANs of twelve more countries, MX/KR/ZA/PL/SE phones, AU/BR/IN/PL addresses, dates of
  birth written in eight more languages and English ordinals, names in native scripts, IDN and
  sub-addressed e-mails, full / upper-case / IPv4-mapped IPv6. ``ROUND5_WRAPPERS``: Jupyter cell
  source and error output, PowerShell transcript, GitHub Actions log, Terraform plan, Kubernetes
  events, Sentry event JSON and plain trace, e-mail with headers, PostgreSQL COPY/TSV, Markdown
  table with escaped pipes, YAML front-matter, form-encoded POST body, JSON inside a JSON string
  (tool-call arguments), compose logs, Go test failure, non-native chat, JSON log line, indented
  code block, curl JSON body, Referer query string, .NET exception. ``_round5_decoy_templates``:
  new shapes of the older kinds and LLM API object ids, generated Kubernetes names, masked
  credentials, CI run ids, documentation values, file checksums.
  Round 6 (``ROUND6``, ``_extend6`` / ``round6_*``, ``ROUND6_WRAPPERS``,
  ``_round6_decoy_templates``; written blind to the engine, the holdout beside round 7 until
  issue 17 tuned on it and made it dev; ``--round 6`` prints its failures like any dev round).
  Two to four new families for every earlier category: shared secret shapes with the key name a
  developer uses (systemd ``Environment=``, supervisord, Procfile, crontab, shell history,
  Spring ``${X:default}``, appsettings.json, Django settings, Rails credentials, Chef, Puppet,
  Ansible inventory, Vagrantfile, Makefile ``?=``, .bazelrc, nginx / Apache headers, a terminal
  echo, Jira steps, commit messages, review comments, Stack Overflow questions, German / French /
  Spanish / Japanese / Hindi-English / Arabic-chat prose, typo-ridden casual typing); shared PII
  shapes (tickets, Django fixtures, Rails seeds, test asserts, commits, reviews, Laravel
  validation errors, semicolon CSV, the same languages); and tool output (``aws configure``,
  ``gh auth status``, ``git remote``, ``git config credential.helper``, ``docker login``,
  ``kubectl config view --raw``, ``npm config get``, Ansible ``copy`` / Chef data bag / Maven
  ``gpg.secretKey`` / PuTTY key files, fail2ban / nginx ``allow`` / ``last`` lines, Windows pip
  errors, supervisord and bazel paths). Categories the generator lacked (``Category.rounds`` all
  6): Airtable, Dynatrace, PlanetScale, RubyGems, NuGet, Buildkite, Contentful, Mapbox secret and
  Square tokens; BE national number, NO fødselsnummer, FI HETU, CH AHV, TR kimlik, CL RUT, RO
  CNP, IL id (check digits, validated by python-stdnum in the tests); NG/EG/PH/TR/AR phones;
  IE/MX/CH addresses; IBANs of twelve more countries (national checks where the country has
  one); dates of birth as Japanese era, ISO timestamps, two-digit years, ``年月日`` and English
  ordinals with ``'yy``; names of more cultures (Vietnamese, Yoruba, Hungarian order, Icelandic,
  Ethiopian, Thai, Arabic nasab, Spanish double surnames, Māori…). ``ROUND6_WRAPPERS``: URL-encoded
  (OAuth ``state``) and form-encoded (search query) views, JSON-escaped Discord and CloudWatch
  payloads, rsyslog ``#012`` escapes, Jira ``{noformat}``, review ``suggestion`` block, ``git
  log`` body, XML CDATA, YAML single-quoted scalar, Python bytes repr, Teams HTML clipboard,
  tmux / ``script`` captures, tab-indented block, Stack Overflow question, Spanish and German
  chat. ``_round6_decoy_templates``: secret references (Ansible / k8s / supervisord / Key Vault /
  Actions / 1Password / gcloud / sops), the public halves of planted key kinds (WireGuard peer,
  public JWK, age recipient, ssh-ed25519), image digests, host-key fingerprints, bot and no-reply
  addresses, public resolvers, RFC 5737 / 3849 documentation values, masked values and
  provider / cloud ids in new shapes.
  Round 7 (``ROUND7``, ``_extend7`` / ``round7_*`` / ``_pii7``, ``ROUND7_WRAPPERS``,
  ``_round7_decoy_templates``), also written blind to the engine, a second holdout beside round 6,
  then the only one, until round 8 made it dev (``--round 7``; untuned as the holdout at 54431b2,
  seeds 1 / 2 (n 2400): 76.0 / 75.5% secrets, 72.7 / 72.6% personal data, 243 / 229 FP/MB,
  14 / 11 stray spans, idempotent, nothing dropped). Three or
  more new families for every earlier category, drawn per category from shared lists
  (``SECRET_FAMILIES7``: ``docker build --build-arg``, GitLab / Bitbucket / Azure Pipelines
  ``variables``, Ansible group_vars, Spring ``application.yml`` and Quarkus profiles, Rust / Go /
  Swift / Kotlin / PHP / Ruby / Node / C / Elixir code, PowerShell ``ConvertTo-SecureString``,
  Slack and Jira pastes, errors that echo the value, markdown tables, raw HTTP, logfmt, CSV exports,
  ``.envrc``, Nomad, ``kubectl set env``, ``gh secret set``, Heroku / Fly / Vercel / Firebase CLIs,
  serverless.yml, Jenkinsfile, VS Code / IntelliJ run configs, pytest ``monkeypatch``, ``docker
  secret``, ``reg add``, ``launchctl``, a support ticket, an e-mail with signature, SQL ``UPDATE``,
  Dutch / Italian / Portuguese / Polish / Korean / Chinese / Russian / Vietnamese / Indonesian
  chat; ``PII_FAMILIES7``: tickets, signatures, form dumps, logfmt, quoted CSV, raw form POSTs,
  pydantic errors that echo the input, Jira, Slack, support replies, SQL / Mongo / Elasticsearch
  queries, audit lines, fixtures, webhook payloads, protobuf text, TOML, PHP arrays, Go literals,
  MDC log prefixes, DSAR requests, the same languages) plus tool-specific ones (``CREATE USER …
  IDENTIFIED BY``, ``ALTER ROLE … PASSWORD``, Gradle ``storePassword``, ``ldapsearch -w``,
  ``redis-cli -a``, ``keytool -storepass``, Kafka JAAS, ``mount -t cifs``, ``requirepass``,
  ``sshpass`` / ``plink -pw``, ``.npmrc`` / ``.pypirc``, the AWS credentials CSV and SDK code, GCP
  keys in Terraform / k8s / a Python dict, PEM keys in Go / Terraform / PowerShell / Java literals,
  database URLs in Go / Celery / redis-cli / mongosh, webhook URLs in PowerShell / Grafana / Go,
  profile paths in PowerShell prompts / JSON / Python tracebacks / OneDrive, home paths in ssh /
  macOS crash reports / Rust panics / rsync, IPs in access logs / iptables / logfmt /
  ``X-Forwarded-For``). Categories the generator lacked (``Category.rounds`` all 7): AI platform
  keys (OpenRouter, LangSmith, Langfuse, Pinecone, ElevenLabs), commerce keys (Shippo, EasyPost,
  Flutterwave, Duffel, Paystack, Braintree), developer-tool tokens (SonarQube, JFrog, Artifactory,
  Octopus, Harness, Prefect, Clojars, Typeform, Asana, Render, Adafruit IO, Dropbox), network
  tokens (Tailscale, ngrok, Cloudflare origin CA and API), password-manager secrets (1Password
  service-account token and Secret Key, Bitwarden access token), e-mail API keys (Resend, Brevo,
  Postmark), Azure DevOps PATs, Discord bot, Meta and X bearer tokens, Google refresh tokens, chat
  webhooks (Teams, Google Chat, Mattermost, Zapier), app passwords, TOTP seeds, MFA recovery codes,
  wallet keys (Ethereum hex, Bitcoin WIF with its checksum), Wi-Fi passphrases, SNMP communities;
  DK CPR, PT NIF, GR AMKA, BG EGN, CZ rodné číslo, EE/LT personal code, HR OIB, IS kennitala, MX
  CURP, US ITIN, AR CUIL, JP My Number, SG NRIC, HK ID, TW national id, TH national id, NZ IRD
  (check digits; python-stdnum's calculators where it has one, its validators in the tests),
  driving licences (DVLA, CA, FL), health insurance numbers (DE KVNR, US MBI, AU Medicare),
  domestic bank accounts (US routing with its check, UK sort code, AU BSB, IN IFSC), more card
  networks (UnionPay, JCB, Diners, Mir, Elo, Troy, RuPay; Luhn), IBANs of sixteen more countries,
  phones of 28 more countries (``phonenumbers`` example numbers with new digits, re-validated; E.164
  too), addresses of 16 more countries, dates of birth in fourteen more languages (Thai Buddhist
  years), names of more cultures (bin / binti, patronymics, initials, honorifics, particles) and
  obfuscated e-mails (``[at]``, ``dot``, ``＠``, ``&#64;``). ``ROUND7_WRAPPERS``: Slack mrkdwn,
  Jira ``{quote}``, timestamped GitLab job log, logfmt ``msg``, raw HTTP response, e-mail with
  signature, support ticket, form dump, table cell with ``<br>``, PowerShell here-string, Kotlin
  raw string, SQL comment, docstring, XML attribute, Windows event log, org-mode example,
  Portuguese / Italian chat, CI script block, TOML literal. ``_round7_decoy_templates``: masked
  values in new shapes, references to secrets (``${X}``, Secrets Manager, ``secretRef``, BuildKit
  ``--secret``, ``vault kv``, SSM, Key Vault, Doppler, ``$CI_JOB_TOKEN``), errors naming a missing
  variable, placeholders (``<your-key-here>``, ``AKIAXXXX…``, Slack's documented example webhook),
  documented test cards, public identifiers (DOIs, CVE / GHSA ids, Maven coordinates, arXiv ids,
  ISBNs, ``traceparent``, tickets, Slack ``ts``, Twilio message SIDs), content hashes and store
  paths, build and version strings, public halves (Langfuse ``pk-lf-``, Stripe publishable keys,
  Mapbox ``pk.``, ECDSA / PEM public keys, fingerprints), role addresses.

  Round 8 (``ROUND8``, ``_extend8`` / ``round8_*`` / ``_pii8``, ``ROUND8_WRAPPERS``,
  ``_round8_decoy_templates``), written blind to the engine (scored by ``--pool holdout --round
  8`` while it was the holdout; untuned, the engine at 5dc51d5, seeds 1 / 2 (n 2400) and 7 (n 1200): 81.4 / 80.7 / 79.8%
  secrets, 64.4 / 63.3 / 65.1% personal data, 127 / 149 / 120 FP/MB, 54 / 40 / 19 stray spans,
  idempotent, nothing dropped). Two to four new families for every earlier category, three drawn per category
  from shared lists (``SECRET_FAMILIES8``: Terraform ``variable`` defaults, ``pulumi config set
  --secret``, Bicep, CloudFormation parameters, Kustomize ``secretGenerator``, Podman, Argo CD,
  Jsonnet, Nix, Neovim Lua, HOCON, EDN, Dart, R, Julia, Perl, zsh extended history, cmd
  ``set``, IPython ``%%writefile``, Actions ``::add-mask::``, Earthly, Cloud Run / Lambda / App
  Service / Wrangler / Netlify / Railway / Doppler CLIs, a ConfigMap, ``helm --set-string``,
  ``.cargo/config.toml``, Deno, .NET user-secrets, ``java -D``, HTTP query strings, grpcurl,
  wscat, Postman / Bruno environments, HTTPie, k6, a requests session, a diff that removes the
  value, README steps, JSON header logs, ``heroku config -s`` and ``printenv`` output, TSV, chat in
  Turkish / Swedish / Greek / Hebrew / Arabic / Hindi / Thai / Ukrainian / Czech / Finnish;
  ``PII_FAMILIES8``: GraphQL mutations, SOQL, Redis ``HSET``, CQL, DynamoDB JSON, Firestore,
  spreadsheet formulas, access-log queries, kcat dumps, WhatsApp exports, Rails / Django / Laravel
  / IEx consoles, Java builders, C# / Swift / Rust / Kotlin literals, Go test tables, Jest, OpenAPI
  examples, PostgreSQL / MySQL / MongoDB duplicate-key errors that echo the value, Sentry user
  context, analytics ``identify``, German CSV exports, LDIF, the same languages and German /
  French) plus specific ones (credential pairs in Terraform / ``gh secret set`` / App Service /
  ``kubectl create secret``, PEM keys in .env / C# / Python / Ansible, GCP keys in one env line or
  an Actions step, PuTTY v3 keys, URLs of SQLAlchemy / lftp / smtp / NATS, webhooks in Terraform /
  apprise / PowerShell, profile and home paths in VS Code settings / WSL / npm logs / Poetry
  traces / docker volumes, IPs in sshd / nmap / Cloud Logging / ufw lines, recovery codes in a
  table or a list, domestic accounts in German and JSON payouts). Categories the generator
  lacked (``Category.rounds`` all 8): GitHub OAuth / user / installation / refresh tokens (with
  their CRC32 checksum), CI/CD tokens (CircleCI, Travis, Jenkins, Netlify, Codecov, Bitbucket app
  passwords, Vercel, Fly.io, Gitea, TeamCity), package-registry tokens (crates.io, Hex, Cloudsmith,
  Gemfury, Chocolatey, OSSRH), cloud key pairs (Alibaba, Tencent, Huawei, Scaleway, Backblaze,
  OVH) and tokens (Linode, Vultr, Hetzner, IBM, Yandex, Exoscale, Civo), observability keys
  (Honeycomb, Splunk HEC, Rollbar, Bugsnag, Logz.io, Sumo Logic, Axiom, Coralogix, Honeybadger,
  Elastic APM), payment keys (PayPal, Adyen, Razorpay, Mollie, GoCardless, Paddle, Klarna),
  messaging keys (Vonage, Plivo, MessageBird, Mailjet, SparkPost, Mandrill, Telnyx, Infobip,
  SMTP2GO), AI model keys (Cohere, Mistral, Together, Fireworks, DeepSeek, Voyage, Deepgram,
  AssemblyAI, W&B, Modal, Jina, Tavily, Firecrawl), SaaS tokens (HubSpot, ClickUp, Trello,
  PagerDuty, Zendesk, Miro, Freshdesk, Segment, Webflow, Zoho), auth-provider secrets (Clerk,
  Stytch, WorkOS, Svix, FusionAuth, Kinde), encryption master keys (Laravel ``APP_KEY``, Rails
  ``master.key``, Fernet, Kubernetes ``aescbc``), OAuth client secrets in NextAuth / Spring /
  Keycloak / allauth / OmniAuth configs, signed URLs (S3 presigned with session token, GCS V4,
  CloudFront), registry passwords of tools (Helm, skopeo, ``docker login --password-stdin``, pip
  ``--index-url``, ``.npmrc`` ``_auth`` / ``_password``,
  Gradle, Maven ``settings.xml``, Composer, Poetry, uv, NuGet, Bundler, GOPROXY, twine), session
  cookies of frameworks (Laravel, ASP.NET Core, Rails, Django, Express, PHP, Java, Flask,
  WordPress), VPN secrets (OpenVPN static keys, WireGuard preshared keys, IPsec / Cisco /
  FortiGate PSKs, OpenVPN auth files), signing keys (minisign, signify, cosign, Tauri), passwords
  in sixteen more languages' prose, more database credentials (Neo4j, ClickHouse, Snowflake,
  Cassandra, CouchDB, InfluxDB tokens, Elasticsearch, SQL Server, Oracle, SurrealDB, MinIO,
  Firebird); AT SV-Nummer, SI EMŠO, LV personas kods, MY MyKad, PE DNI, EC cédula, ID NIK, UA
  RNOKPP, PK CNIC, DO cédula, IE PPSN, UK UTR, FR numéro fiscal, RU INN, CU carné, IN EPIC, KE KRA
  PIN (python-stdnum's calculators, or a candidate redrawn until python-stdnum accepts it), phones
  of 51 more countries in three groups (RFC 3966 dashes too), addresses of 18 more countries one
  line and in layouts (shipping blocks, signatures, JSON, YAML, CSV, XML), dates of birth in
  fourteen more languages and in compact / month-abbreviation / HL7 layouts, names in twenty
  native scripts and of more cultures in CSV rows, audit lines, signatures and git trailers (with their
  e-mail), e-mails obfuscated in eight more ways, IPs embedded in EC2 / nip.io / PTR names, vehicle
  plates, IBANs of twenty more countries, regional card networks (Dankort, Verve, Hipercard,
  Cabal, UATP, Maestro, Humo, Discover), bank accounts of MX (CLABE with its check), NZ, CA, JP and
  BR. ``ROUND8_WRAPPERS``: Discord and Matrix messages, a GitHub alert, ``<details>``, Confluence
  storage format, AsciiDoc, LaTeX ``verbatim``, C / Rust string literals, YAML double-quoted
  scalars, Docker json-file logs, ``kubectl logs --prefix``, journald JSON, Actions ``##[group]``,
  a SOAP fault, a German Excel CSV, a quoted incident note, a French e-mail reply, Turkish /
  Swedish / Japanese chat, ``cat -n`` and a logged dict. ``_round8_decoy_templates``: integrity
  hashes (SRI, npm, pip ``--hash``, go.sum), sortable ids (ULID, ObjectId, snowflake, KSUID, CUID),
  build references, version pins, secret templates and store references (Actions ``secrets.``,
  Helm, ``%VAR%``, sops ``ENC[…]``, ``op://``, Vault paths, Ansible lookups), symbols named after
  credentials, public constants (SHA-256 initial values, EICAR, magic numbers), fixture values that
  can never be issued (SSN areas 000 and 666, all-zero IBANs and cards), historic dates that are
  nobody's birth, product codes (EAN with its check, SKU, ASIN, MPN, HS), reserved address ranges
  (CGNAT, link-local, multicast, ULA, loopback) and public financial codes (ISIN, BIC, LEI, MIC).
  Round 9 (``ROUND9``, ``_extend9`` / ``round9_*`` / ``_pii9``, ``ROUND9_WRAPPERS``,
  ``_round9_decoy_templates``; dev since round 10), written blind to the engine (issue 17, branch
  blind9; scored by ``--pool holdout`` while it was the holdout; untuned, the engine at fc1904e,
  seeds 1 / 2 (n 2400) and 7 (n 1200): 79.1 / 78.8 / 79.1% secrets, 66.5 / 66.4 / 68.6% personal
  data, 293 / 282 / 294 FP/MB, 11 / 13 / 5 stray spans, idempotent, nothing dropped). Two to four
  new families for every earlier category, three drawn per category from shared lists
  (``SECRET_FAMILIES9``: Helm values, ``terraform.tfvars.json``, ``ansible-playbook -e`` and play
  ``vars:``, notebook cell JSON, ``%set_env``, an HTML ``img``
  query, Caddy / HAProxy / Traefik / Envoy / Fluent Bit headers, ``OTEL_EXPORTER_OTLP_HEADERS``,
  sbt, Haskell, Clojure, OCaml, MATLAB, Gradle ``ext``, Objective-C, T-SQL session context, ``ALTER
  SYSTEM``, Consul / etcd / SSM / Key Vault / Secret Manager / Vault / 1Password CLIs, a Podman
  quadlet, a compose anchor, container ``args``, CLI flags, PowerShell ``Set-Secret``, an anyhow
  error chain, a 401 body that echoes the key, a REST Client ``.http`` file, a diff that adds the
  value, chat in Norwegian / Slovak / Bulgarian / Serbian / Persian / Urdu / Bengali / Tamil /
  Lithuanian / Estonian / Slovenian / Georgian / Afrikaans / Icelandic; ``PII_FAMILIES9``: FHIR,
  HL7 ``NTE``, Prisma, SQLAlchemy, ActiveRecord and Hibernate logs, Splunk, KQL, BigQuery, pandas,
  dplyr, Zendesk custom fields, Intercom, factory_bot, fixed-width reports, markdown bold labels,
  URL path segments, Go errors, Rust ``Debug`` / Python / Kotlin / Java ``toString`` output, audit
  and Debezium events, markdown tables, call transcripts, dotted form fields, NestJS traces, SQL
  comments, the same languages) plus specific ones (credential pairs in Consul / ini / k8s ``env`` /
  notebooks / tables / Helm / Vault, PEM keys in Helm / tfvars JSON / notebooks / Go raw strings, PGP
  keys in Helm and CI logs, GCP keys in Helm and a Terraform heredoc, PuTTY v2 keys, URLs of Helm /
  JSON / Celery / influx, webhooks in Alertmanager-style YAML / JSON / Actions, profile and home
  paths in tracebacks / notebook metadata / Helm / Ansible / kubeconfig errors, IPs in
  ``loadBalancerSourceRanges`` / ECS JSON / ActiveRecord logs, numeric backup codes). Categories the
  generator lacked (``Category.rounds`` all 9): App Store Connect / APNs ``.p8`` keys (PKCS#8 DER of
  a P-256 key), Consul / Nomad ACL tokens, feature-flag and analytics server keys (LaunchDarkly,
  Flagsmith, Statsig, Unleash, ConfigCat, PostHog, Amplitude, Mixpanel), geo API keys (HERE, TomTom,
  OpenCage, Geoapify, Bing Maps, Radar, what3words), search keys (Algolia, Meilisearch, Typesense,
  Elastic, Qdrant, Weaviate), identity-platform secrets (Auth0, Cognito, Appwrite, Ory, Zitadel),
  realtime / push keys (Pusher, Ably, OneSignal, Expo, PubNub, Stream), serverless-database tokens
  (Turso, Neon, Upstash, Xata, Fauna, Atlas), DNS / CDN tokens (Fastly, Bunny, Akamai, Porkbun,
  Namecheap, GoDaddy, Gandi), registry robot secrets (Quay, Harbor, ACR, ECR), AI-infrastructure keys
  (Cerebras, LlamaCloud, RunPod, Anyscale, Baseten, SambaNova), webhook signing secrets (Slack,
  GitHub, Shopify, Zoom, Linear), exchange key pairs (Binance, Bybit, Kraken, OKX), S3-compatible
  key pairs (R2, Wasabi, Spaces, OCI, IDrive), Confluent Cloud key pairs, OCI auth tokens, Jupyter
  server tokens, Ansible vault passwords, cluster join tokens (kubeadm, k3s, Swarm, gossip keys),
  secrets in service URIs (Cloudinary, Pusher, Bonsai), security-scanner tokens (Snyk, Semgrep,
  Codacy, GitGuardian, Socket), social / ads app secrets (Facebook, Google Ads, LinkedIn, X, TikTok),
  LDAP bind and SMTP passwords in their configs, passwords in 31 more languages' prose; SK rodné
  číslo, PT Cartão de Cidadão, MX RFC, CO NIT, CR cédula, BE BIS, IN Aadhaar VID, US ATIN / PTIN, UK
  UPN, NL onderwijsnummer and document numbers, BG ЛНЧ, GT / SV NIT, VE RIF, AR DNI, PY RUC, ZA / ID
  / GH tax numbers (python-stdnum's validators, a candidate redrawn until accepted), health numbers
  (BC PHN, NZ NHI, Scottish CHI, Ontario health card; their checks), medical record numbers,
  identity-card numbers (DE Personalausweis with its ICAO check, IT CIE, RO, ES support numbers),
  passport MRZ lines (ICAO 9303 check digits), phones with extensions, dialled with 00 / 011 / 0011
  / 010 prefixes, and of 36 more countries (China and Russia among them), addresses in CJK order and
  scripts, in Arabic / Persian / Hebrew / Urdu script (Saudi short addresses), of African and Latin
  American cities (Colombian ``#`` notation), PO boxes, unit and floor notations, dates of birth in
  other calendars and numerals (Solar Hijri, Minguo, Hijri, Bikram Sambat, Chinese, Arabic-Indic,
  Bengali) and in X12 EDI / iCalendar / ICAO / LDAP layouts,
  names with honorifics and family-name first, names in package and document metadata (``@author``,
  PKGBUILD, package.json, .mailmap, debian/changelog, RPM ``%changelog``, meeting notes,
  ``Reported-by``, Dublin Core, Slack mentions) with their e-mails, e-mails encoded (``\\u0040``,
  quoted-printable, HTML entities, JavaScript concatenation, Cloudflare ``data-cfemail``, IAP and
  SAML headers), IPs in brackets with ports, ``Forwarded:``, ``/32`` and ``/128`` rules and tcpdump.
  ``ROUND9_WRAPPERS``: notebook stream output, Helm block, PR review API JSON, Apple unified log,
  OTLP JSON, Go panic, Discourse quote, Telegram export, ESLint output, SpreadsheetML, TOML
  multi-line string, Korean / Hungarian / Romanian / Indonesian chat, Heroku logplex, GitLab
  collapsible sections, RFC 5424 syslog, R console, Lua long string, Logstash rubydebug, SARIF.
  ``_round9_decoy_templates``: coordinates of public places, content addresses (IPFS, magnet,
  git-annex), distributed-trace ids (X-Ray, cf-ray, OpenTelemetry, Datadog, B3), detached public
  signatures (PGP, minisign, cosign, TUF), design tokens, numeric constants, object identifiers
  (OIDs), money amounts, catalogue codes (ISSN, IMO, CAS with their checks, ICD-10, UN/LOCODE, NDC),
  encoded public payloads (pagination cursors, relay ids, a JWT header, a data URL), eponymous
  terms (Bloom filter, Levenshtein distance…), order and invoice references, dates of events,
  addresses of landmarks and headquarters, and ciphertexts meant to be committed (Ansible Vault,
  SealedSecrets, age, KMS).

  Round 10 (``ROUND10``, ``_extend10`` / ``round10_*`` / ``_pii10``, ``ROUND10_WRAPPERS``,
  ``_round10_decoy_templates``; dev since round 11), written blind to the engine (issue 17, branch
  blind10; scored by ``--pool holdout`` while it was the holdout; untuned, the engine at 399003f,
  seeds 1 / 2 (n 2400) and 7 (n 1200): 78.5 / 79.1 / 80.0% secrets, 67.9 / 69.1 / 67.7% personal
  data, 396 / 396 / 420 FP/MB, 17 / 16 / 0 stray spans, nothing dropped, idempotent at seeds 2 and 7
  but not 1). Two to four new families for every earlier category, three drawn per category from
  shared lists (``SECRET_FAMILIES10``: fish and timestamped bash histories, ``sudo -E env``,
  Nushell, ``mise.toml``, devcontainer
  ``containerEnv``, ``cmdkey``, ``git credential approve`` input, a ``.reg`` export, a launchd
  plist, ``kubectl run --env``, HAR ``queryString``, Insomnia and Hoppscotch exports, Terraform
  state attributes, ``keyring``, ``System.setProperty`` / ``os.Setenv`` / ``set_var`` / ``setenv`` /
  ``putenv``, Tcl, CMake, Zig, Nim, Crystal, Scala, F#, Erlang ``sys.config``, COBOL, Ada, Apex,
  ABAP, Pascal, Common Lisp, GDScript, PL/SQL, CUE, Dhall, a Salt pillar, Supabase / EAS / Dokku /
  Cloud Foundry / OpenShift / Infisical / Container Apps CLIs, httpx and urllib3 debug logs,
  ``localStorage``, gdb / pdb output, a Gherkin step, a Playwright fill, chat in Danish / Catalan /
  Tagalog / Swahili / Malay / Hungarian / Romanian / Croatian / Latvian / Greek / Polish / Japanese;
  ``PII_FAMILIES10``: GraphQL responses, Avro JSON, polars and pyarrow prints, Sheets API values,
  Airtable / HubSpot records, Stripe metadata, Redis ``MONITOR``, Cypher, SOAP bodies, pytest
  parametrize, Gherkin, Robot Framework, Playwright / Cypress / Selenium scripts, browser ``fetch``
  copies, logcat, lldb / gdb / pdb output, Laravel ``dd()``, Elixir structs, DAX, VBA,
  pipe-separated exports, SMS logs, mail merges, the same languages) plus specific ones (credential
  pairs in fish history / ``mise.toml`` / devcontainers / Dokku / plists / Insomnia / pdb, PEM keys
  in Terraform state / an ssh config session / an Insomnia certificate / implicit string
  concatenation, PGP keys in Terraform state and a Gradle signing block, a GCP key base64-encoded in
  Terraform state or in a PowerShell here-string, PuTTY v3 keys, App Store Connect keys in fastlane
  JSON and base64, URLs in Terraform state / fish history / a Node REPL / a plist, webhooks in
  Insomnia / fish history / Terraform state, profile and home paths in Node errors / cmd prompts /
  VS Code URIs / fish history / gdb / Insomnia data, IPs in HAR ``serverIPAddress`` / logcat / Redis
  ``MONITOR``, recovery codes in an emergency kit and JSON, MRZ lines in a KYC response and an OCR
  dump). Categories the generator lacked (``Category.rounds`` all 10): CI tokens (Bitrise,
  Codemagic, Semaphore, Drone, AppVeyor, Woodpecker, Spacelift, Actions runner registration), error
  trackers (Raygun, Airbrake, AppSignal, TrackJS, Exceptionless), log shippers (Logtail, Loggly,
  Papertrail, Mezmo, Lightstep, Seq), code hosts (Bitbucket Data Center, Phabricator
  ``api-``, Codeberg, Gerrit, CodeCommit, Perforce, SourceHut), ticketing (YouTrack ``perm:``,
  Shortcut, Redmine, Plane, monday.com, Taiga), chat bots (Matrix ``syt_``, LINE, Viber, Twitch,
  Zulip, Rocket.Chat, Webex), payment gateways (Mercado Pago ``APP_USR-``, Xendit, Midtrans,
  Authorize.net, Recurly, Coinbase Commerce, Lemon Squeezy), e-mail / SMS (MailerSend ``mlsn.``,
  Mailtrap, SES SMTP, Africa's Talking ``atsk_``, Sinch, ClickSend, Termii), AI services (fal,
  Stability, DashScope, Zhipu, Moonshot, AI21, SerpAPI, Serper, Exa, Humanloop), package publishing
  (Deno Deploy ``ddp_``, Open VSX, CocoaPods trunk, Ansible Galaxy, Puppet Forge, Snapcraft,
  Hackage), database credentials of more engines (Db2, SAP HANA, Teradata, Vertica, ArangoDB,
  Sybase, MariaDB, Exasol, Trino, Databend, CockroachDB, QuestDB, Informix, Memgraph), dotfile
  credentials (``.my.cnf``, ``.curlrc``, ``.wgetrc``, fetchmail, mutt, ``.smbcredentials``,
  ``chap-secrets``, Subversion's ``svn.simple``, ``.hgrc``, ``.condarc``, NetworkManager, cargo
  ``credentials.toml``, ``.netrc`` with quotes, plain rclone), registry auths base64-encoded (Docker
  / Podman ``auth.json``, ``.yarnrc.yml`` ``npmAuthIdent``, ``.npmrc`` ``_auth``,
  ``dockerconfigjson``), tokens split over lines by string continuation (both halves planted),
  credentials in nested encodings (JSON in a JSON string, URL-encoded twice, base64 of a JSON
  config, escaped twice), shell histories with env prefixes, HAR / Insomnia / Postman credentials,
  Terraform state secrets, cookie-jar exports, registry tokens in more package managers' configs
  (bunfig, Yarn Berry scopes, ``DENO_AUTH_TOKENS``, uv, pdm, ``dotnet nuget``, conan, ``dart pub``,
  vcpkg), CLI session caches (AWS SSO, ``az``, MSAL, ibmcloud, OCI), passwords in sixteen more
  languages' prose; LK NIC (its structure), DE Steuernummer, PL NIP, VN MST, BY UNP, UY RUT, AL
  NIPT, MK ЕДБ, AZ VÖEN, PE / EC RUC of persons, MZ NUIT, EG tax numbers (python-stdnum's
  validators, a candidate redrawn until accepted), social-security and health numbers (BR PIS/PASEP
  and MX NSS with their checks, ES NASS mod 97, AU IHI Luhn, PH SSS, Québec RAMQ), driving licences
  of more places (NY, IL, WA, Ontario, India, Germany, France, Japan), IBANs of 22 more countries
  (python-stdnum's registry of their layouts), NO and CZ domestic accounts with their checks, phones
  of 32 more regions, phones spoken in words, full-width, letter-spaced, regrouped, addresses in
  Cyrillic and Greek, in Thai / Devanagari / Vietnamese / Tamil / Bengali / Burmese / Khmer /
  Sinhala, by landmark, a home's coordinates under a label, dates of birth in ID-document fields
  (AAMVA ``DBB``, EU licence field 3, Aadhaar, Chinese ID), in words and in thirteen more languages
  (Catalan, Galician, Icelandic, Irish, Tagalog, Malay, Azerbaijani, Uzbek, Georgian, Armenian,
  Kazakh, Vietnamese, Mongolian), names in twelve more scripts, in calendar invites, assignee
  fields, signatures, co-author trailers, audit lines and form fields (urlencoded, multipart,
  autofill, jCard, vCard 4, tracking URLs), e-mails in ``mailto`` parameters, display-name forms,
  punycode, SMTP transcripts, Postfix logs, ``git shortlog``, IPs in WireGuard / hosts /
  ``Received:`` / OpenVPN / RDP / ssh remotes / ``dig`` output. ``ROUND10_WRAPPERS``: Actions
  workflow commands (``%0A`` escapes), an asciinema cast, PHP ``var_dump``, a C# verbatim string, a
  PostgreSQL ``E''`` string, Slack Block Kit, a GitLab note, a Teams adaptive card, a browser
  console, a Windows ``cmd`` session, a Notion ``<aside>``, an Erlang binary, a ``mailto`` body,
  Danish / Catalan / Tagalog / Swahili chat. ``_round10_decoy_templates``: lockfile entries of more
  ecosystems (Cargo, Poetry, Yarn Berry, Bundler checksums, Nix flakes, mix), OCI manifests, X.509
  certificate fields, feature-flag names, i18n message keys about credentials, licence headers,
  references grouped like phone numbers, timestamps in log formats, version constraints, company
  register and VAT ids (SIREN and ABN with their checks), reserved host names (``.test``,
  ``.localhost``, ``home.arpa``, ``.invalid``, ``.local``), published cryptographic test vectors
  (FIPS-197, RFC 4231, SP 800-38A, RFC 7748), secret-detection rule patterns, multipart boundaries,
  hashed asset names, CSP nonces and hashes, published cloud IP ranges, DNS TXT records (SPF, site
  verification, ACME challenges, DKIM, DMARC).

  Round 11 (``ROUND11``, ``_extend11`` / ``round11_*`` / ``_pii11``, ``ROUND11_WRAPPERS``,
  ``_round11_decoy_templates``; dev since round 12), written blind to the engine (issue 17, branch blind11: its author
  read only this generator, the shared bench and the engine's aggregate line; scored by ``--pool
  holdout``; untuned, the engine at 5aecfc0, seeds 1 / 2 (n 2400) and 7 (n 1200): 72.9 / 72.1 /
  73.5% secrets, 71.6 / 71.5 / 72.0% personal data, 285 / 303 / 283 FP/MB, 8 / 4 / 6 stray spans,
  idempotent, nothing dropped). Two new families for every earlier category, drawn per category
  from shared lists (``SECRET_FAMILIES11``: the macOS keychain (``security add-generic-password``),
  libsecret ``secret-tool``, ``systemd-creds``, ``pass insert``, ``glab variable set``, Koyeb, Hurl
  files and ``--variable``, Zed tasks, Tiltfiles, devbox.json, justfiles, Dagger, CDK
  ``unsafePlainText``, Gradle ``buildConfigField``, ``.xcconfig``, ``--dart-define``, ``ALTER
  DATABASE … SET``, ``curl --oauth2-bearer``, ``openssl -pass pass:``, ``ssh -o SetEnv``, Python
  ``ValueError`` / ``KeyError`` echoes, Serilog, Elixir ``runtime.exs``, VS Code terminal env, AWS /
  gcloud secret stores, ``wrangler secret put``, Nushell, Albanian / Kazakh / Uzbek / Nepali /
  Marathi chat; ``PII_FAMILIES11``: mongosh documents, ``jq -r``, Drizzle, Apps Script, Apex, ABAP,
  EDIFACT ``FTX``, iCalendar ``X-`` properties, ``nats pub``, grpcurl, server-action logs, Zod
  errors that echo the input, Rails parameters, ``RAISE NOTICE``, SQL ``MERGE``, CRM notes,
  fixed-width report lines, Vietnamese / Czech / Finnish / Hebrew / Persian) plus specific ones
  (credential pairs in devbox / justfile / keychain / xcconfig / ``--dart-define`` / Serilog, PEM
  keys in CDK and an escaped ``buildConfigField``, PGP / PuTTY / p8 keys in ``pass``, a GCP key via
  gcloud secrets and the keychain, URLs in Dagger / ``ALTER SERVER`` / devbox / ``ssh SetEnv``,
  webhooks in Hurl and Tilt, profile and home paths in Zed / Hurl / Tilt / devbox errors, IPs in
  Serilog and mongosh, recovery codes in ``pass`` and a table, MRZ lines in a booking payload and a
  kiosk scan, tokens split by SQL ``||`` and PowerShell ``+``). Categories the generator lacked
  (``Category.rounds`` all 11), 25 secret: web3 provider keys (Infura, Alchemy, Etherscan, Pinata,
  QuickNode, Moralis), wallet secrets (a Nostr ``nsec`` with its bech32 checksum, a Solana keypair
  array, an LND macaroon in hex), headless-CMS tokens (Sanity, Storyblok, Prismic, Strapi, DatoCMS,
  Hygraph, Directus), localisation tokens (Crowdin, Lokalise, Phrase, Transifex, POEditor),
  threat-intelligence keys (Shodan, VirusTotal, AbuseIPDB, HIBP, urlscan, GreyNoise), identity
  verification keys (Onfido ``api_live.``, Persona ``persona_production_``, Veriff, Sumsub, Jumio),
  fintech and market-data secrets (Plaid, Alpaca, Wise, TrueLayer, Finnhub, Polygon, Alpha Vantage,
  RapidAPI), commerce platforms (WooCommerce ``cs_``, BigCommerce, Magento, Ecwid, Squarespace),
  CAPTCHA secret keys (reCAPTCHA, hCaptcha, Turnstile), network-device secrets (Cisco type 7 with
  its published XOR, TACACS+ / RADIUS keys, SNMPv3 passphrases), backup passphrases (restic, borg,
  kopia, duplicity), cluster runtime secrets (Erlang cookies, MongoDB keyfiles, Redis
  ``masterauth``), remote-desktop secrets (VNC's obfuscated password, an ``.rdp`` DPAPI blob),
  mobile release secrets (fastlane match, CodePush, keystore passwords), game-platform keys (Steam,
  Riot ``RGAPI-``, itch.io, Roblox), ML-tracking keys (Comet, Neptune, ClearML, Kaggle, Roboflow),
  smart-home tokens (Home Assistant, Hue, IFTTT, SmartThings), tokens shown as bytes (``xxd -p``, a
  bytes literal of escapes, a Go byte slice), service key material (a Kerberos keytab and a Tor
  onion service key in base64), extension-store secrets (AMO, Edge, Chrome Web Store), IoT tokens
  (Particle, balena, Blynk, Arduino), video / RTC secrets (Mux, Vimeo, Daily, LiveKit, Agora),
  calendar tokens (Cal.com ``cal_live_``, Nylas ``nyk_v0_``, Calendly, Cronofy), accounting secrets
  (Xero, QuickBooks, Harvest ``.pt.``, FreshBooks), HR-platform tokens (BambooHR, Personio
  ``papi-``, Deel, Gusto); 19 personal data: messaging handles (Telegram ``@…``, Discord user
  names, Signal user names, Threema ids), public social handles (X ``@…``, Mastodon
  ``@user@instance``, Bluesky, Instagram and LinkedIn profile URLs), code-host user names in
  mentions (``ping @…``, ``cc @…``, CODEOWNERS, reviewer lists), Bitcoin addresses (P2PKH and P2SH
  base58check, bech32 P2WPKH and bech32m P2TR with their checksums), Ethereum addresses (EIP-55
  mixed case, Keccak-256 computed here), other chains' addresses (Litecoin, Dogecoin, TRON with
  base58check, Solana), the JMBG (mod 11), MENA national ids (Saudi id / iqama and Emirates ID with
  Luhn, Iran's کد ملی and Kuwait's civil id with their mod-11 checks), Hungarian tax id and TAJ,
  Kazakhstan IIN, Moldova IDNP, Uzbekistan PINFL, immigration case numbers (USCIS A-Number and
  receipt, UK BRP and share code), India's ABHA and UAN, Greece's ΑΦΜ (python-stdnum accepts it),
  Luxembourg's matricule (Luhn and Verhoeff), unlabelled national ids of earlier rounds in
  fixed-width listings, VINs with the North American check digit, IMEIs (Luhn), payment handles
  (UPI ids, Pix random keys, Cash App ``$cashtag``, Venmo, PayPal.me), NG NIN, Ghana Card, BD NID.
  ``ROUND11_WRAPPERS``: Jinja ``raw``, Go-template / Handlebars / Liquid / ERB comments, GELF, CEF
  (its ``\\|`` escapes), LTSV, a Facebook export (UTF-8 as ``\\u00XX``), a Mattermost export, a
  Databricks ``# MAGIC`` cell, a Zeppelin paragraph, marimo, a ``.bat`` ``echo`` (caret escapes), a
  Makefile ``@echo`` (``$$``), a PHP nowdoc, a gettext ``msgid``, SRT subtitles, a Gerrit comment,
  a Quarto callout, Vietnamese / Czech / Finnish chat. ``_round11_decoy_templates``: documented
  wallet addresses (EIP-55 and BIP-173 vectors, token contracts, the burn address), tokens that
  start with ``@`` in code (decorators, npm scopes, CSS at-rules, ``@@version``, ``HEAD@{1}``,
  Razor), bot mentions, chain genesis constants, CAPTCHA site keys, locale identifiers, character
  escapes, schedule expressions (cron, RRULE, systemd ``OnCalendar``), handles on reserved
  ``.example`` domains, service principals (Kerberos SPNs, Kubernetes service accounts), diagnostic
  codes (rustc, tsc, C#, ShellCheck, CWE), rows of public datasets (iris, mtcars, diamonds),
  hardware model ids (USB / PCI / ACPI ids, CPU model names), fixed-width inventory rows.

  Round 12 (``ROUND12``, ``_extend12`` / ``round12_*`` / ``_pii12`` / ``_multi12``,
  ``ROUND12_WRAPPERS``, ``_round12_decoy_templates``; dev since round 13), written blind to the engine (issue 17, branch
  blind12: its author read only this generator, its tests, the shared bench and the engine's
  aggregate line; scored by ``--pool holdout``; untuned, the engine at c43468b, seeds 1 / 2 (n 2400)
  and 7 (n 1200): 68.4 / 68.5 / 70.0% secrets, 70.0 / 70.1 / 69.5% personal data, 7.9 / 9.6 / 8.1
  FP/MB, 17 / 24 / 15 stray spans, idempotent, nothing dropped). Two new families for every earlier
  category (rounds 1 to 11), drawn per category from shared lists (``SECRET_FAMILIES12``: the
  browser's "copy as fetch" and "copy as PowerShell", ``docker inspect`` environments,
  ``/proc/<pid>/environ``, ``strings`` of a core dump,
  a Secret decoded by ``kubectl … | base64 -d``, ``pm2 env``, ``kubectl describe pod``, ``systemctl
  show``, ``gopass`` / ``bw`` output, chezmoi data, ``ansible-vault view``, a ``set -x`` trace,
  launchSettings.json, Azure Functions ``local.settings.json``, App Engine ``app.yaml``,
  ``netlify.toml``, ``render.yaml``, Thunder Client environments, ``nix.conf`` ``access-tokens``,
  tox ``setenv``, pytest-env, Android ``local.properties``, an Elixir map, a sensitive Terraform
  output, a TSV export, Welsh / Basque / Amharic / Malayalam / Telugu / Zulu / Mongolian / Gujarati
  chat; ``PII_FAMILIES12``: psql ``\\x``, mysql ``\\G`` and sqlite ``.mode line`` records, OpenSearch
  ``_bulk``, ClickHouse ``JSONEachRow``, Keycloak ``kcadm``, Cognito ``admin-update-user-attributes``,
  Auth0 user metadata, an Okta Terraform user, Mixpanel ``people.set``, Loki and Datadog queries,
  Jest snapshots, Storybook args, i18n interpolation, ``render_template``, Power Query, DuckDB boxes,
  call notes, the same languages) plus specific ones (credential pairs in ``docker inspect`` /
  ``local.settings.json`` / set -x / ``app.yaml`` / gopass / tox, PEM / PGP / PuTTY v2 / p8 keys read
  back from gopass, Bitwarden, ``ansible-vault view`` and ``kubectl``, a GCP key in Azure Functions
  settings and in ``docker inspect``, URLs in container environments and traces, webhooks in CI
  traces and fetch copies, profile and home paths in tox / chezmoi / Azure Functions errors, IPs in
  psql records and Loki queries, recovery codes from password-manager CLIs, MRZ lines in kiosk logs
  and psql records, tokens split by a Makefile continuation or a JavaScript ``join``). Categories the
  generator lacked (``Category.rounds`` all 12), 12 secret: disk and vault recovery secrets (BitLocker
  recovery passwords, eight blocks each eleven times a 16-bit value; FileVault personal recovery
  keys; Vault unseal key shares; LUKS key files), key material in other containers (a Tink keyset's
  ``AesGcmKey`` value, a KMS data key's plaintext, a PKCS#12 bundle and a Kerberos ``.kirbi`` ticket
  in base64 with their DER headers), chat-bot webhooks (DingTalk, Feishu, Lark, WeCom, Rocket.Chat),
  deploy hooks (Netlify, Vercel, Render, Cloudflare Pages, Make), signed URLs of more clouds (Alibaba
  OSS, Tencent COS, an OCI pre-authenticated request, Firebase Storage download tokens, Akamai and
  Bunny token auth), data-platform tokens (dbt Cloud ``dbtc_``, Metabase ``mb_``, Tinybird ``p.``,
  MotherDuck, Fivetran, Tableau PATs), identity-integration secrets (Duo ``skey``, OneLogin,
  JumpCloud, PingOne), mesh-VPN enrolment keys (a ``cloudflared`` tunnel token, ZeroTier, NetBird
  setup keys, Headscale pre-auth keys), enterprise SaaS tokens (a Salesforce session ``00D…!…``,
  Adobe ``p8e-``, Intercom, Box), more cloud keys (Cosmos DB, Azure OpenAI, GCS HMAC secrets),
  signing passphrases (Docker Content Trust, ``gpg --passphrase``), and CI logs that mask a value
  once and print it unmasked later (skopeo, a debug echo, a base64-decoded variable, a Jenkins
  trace); 11 personal data: social-insurance numbers with their checks (DE Rentenversicherungsnummer,
  PT NISS, RU SNILS), Brazil's CNS (mod 11) and título de eleitor (its two checks), trusted-traveller
  ids (Known Traveler Numbers, PASSIDs, redress and frequent-flyer numbers), DICOM patient tags (name
  as ``Family^Given``, patient id, birth date) in dcmdump / pydicom / DICOMweb JSON / ``dcmodify``,
  employee numbers beside their holder's name (HR CSV, LDAP ``employeeNumber``, badge logs, tickets,
  HRIS JSON), MAC addresses of a person's own devices (prose, dnsmasq, dhcpd, hostapd, ``ipconfig``),
  phone numbers inside app links (``wa.me``, WhatsApp ``send``, ``sms:``, Viber, Signal, FaceTime /
  Skype, Telegram), birth dates as programs store them (an Excel serial, JavaScript milliseconds,
  .NET ``/Date()/``, Unix seconds), names where a project lists its people (CITATION.cff with an
  ORCID iD (ISO 7064 MOD 11-2), pom.xml ``<developers>``, R ``Authors@R``, pyproject ``authors``,
  MAINTAINERS, ``Acked-by``, .zenodo.json), bank accounts with their checks (Argentina's CBU, a
  Russian individual's account with its BIK control digit, South African accounts), and national ids
  of more countries (PH PhilSys card number, VN CCCD, EG national id, TZ NIDA, NG BVN, MT identity
  card) under labels in their languages. ``ROUND12_WRAPPERS``: a devtools fetch body, a Kubernetes
  Secret's ``stringData`` block, a Java ``.properties`` value (``\\uXXXX``, continued lines), a
  Python ``ascii()`` literal, quoted-printable, an RFC 2047 ``Q`` encoded-word, a Mermaid note
  (``<br/>``), XML numeric character references, protobuf text format (octal bytes), bash ``$'…'``,
  PowerShell backtick escapes, an ActivityPub ``content`` (HTML in JSON), LaTeX-escaped text,
  markdown escaped by an exporter, Welsh / Basque / Amharic chat. ``_round12_decoy_templates``:
  protocol MAC addresses (RFC 7042 documentation range, broadcast, multicast, VRRP, LLDP / STP),
  BitLocker protector ids, flight and fare references, DICOM tags without patient data, event
  timestamps (created, expires, issued, modified), organisational unit codes, system accounts,
  postcode ranges of rate tables, authenticator AAGUIDs, music work and recording codes (ISWC with
  its check, ISRC, UPC), API version headers, public OAuth client ids, Kubernetes resource
  quantities.
  Round 13 (``ROUND13``, ``_extend13`` / ``round13_*`` / ``_pii13`` / ``_multi13``,
  ``ROUND13_WRAPPERS``, ``_round13_decoy_templates``; dev since round 14), written blind to the engine (issue 17, branch
  blind13: its author read only this generator, its tests, the shared bench and the engine's
  aggregate line; scored by ``--pool holdout``; untuned, the engine at 67f4cf0, seeds 1 / 2 (n 2400)
  and 7 (n 1200): 60.7 / 61.6 / 61.4% secrets, 52.9 / 53.2 / 53.6% personal data, 2.8 / 14.2 / 7.1
  FP/MB, 3 / 488 / 0 stray spans, idempotent, nothing dropped). Two new families for every earlier
  category: one-value categories from shared lists (``SECRET_FAMILIES13``: ``env | sort``, a Node
  diagnostic report's ``environmentVariables``, a JVM ``hs_err`` ``jvm_args`` line, PowerShell
  ``Get-ChildItem Env:``, ``ps eww``, ``declare -x``, a clipboard history, ``http-client.private.env.json``,
  macOS ``defaults read``, text recognised in a screenshot, ``localStorage.getItem``, ``docker compose
  config``, Lao / Sinhala / Tajik chat; ``PII_FAMILIES13``: pandas, polars and R tibble prints, a
  browser's autofill table, Android logcat, an OCR'd form, a FHIR ``identifier``, the same languages),
  the rest (key pairs and blocks, user names in paths, URLs: values that only make sense together)
  as a round-12 snippet inside a clipboard read, a screenshot's recognised text or crash annotations
  (``CONTAINERS13``). Categories the generator lacked (``Category.rounds`` all 13), 17 secret:
  e-signature keys (DocuSign, Dropbox Sign, PandaDoc, BoldSign), game and asset-store keys
  (Sketchfab, PlayFab, CurseForge's bcrypt-shaped keys, Modrinth ``mrp_``, Epic Online Services),
  mobile growth secrets (App Store shared secrets, RevenueCat, AppsFlyer, Branch, Adjust), IoT
  provisioning secrets (The Things Stack ``NNSXS.``, LoRaWAN AppKeys, ESPHome API keys, DPS
  symmetric keys), SSO proxy secrets (oauth2-proxy, Pomerium, Authelia, Dex, Keycloak adapters),
  backend-as-a-service admin secrets (Hasura, Convex deploy keys, Parse master keys, PocketBase),
  speech and translation keys (DeepL ``:fx``, Speechmatics, Azure Speech, Rev.ai), personal
  notification tokens (Pushover, Pushbullet ``o.``, ntfy ``tk_``, Gotify), on-call keys (Opsgenie
  ``GenieKey``, Rootly, FireHydrant, Statuspage), QA-cloud keys (BrowserStack, Sauce Labs,
  LambdaTest, Percy, Chromatic ``chpt_``, Cypress record keys), hosting-panel tokens (cPanel,
  Portainer ``ptr_``, Coolify, CapRover), payment keys of more regions (Omise ``skey_``, Wompi
  ``prv_prod_``, Conekta, M-Pesa passkeys, Paytm merchant keys, Kushki), passwords in password-manager
  exports (LastPass, Chrome, KeePass XML, ``keepassxc-cli``, Firefox, Proton Pass), tokens in ``git
  credential fill`` / ``.git-credentials`` / ``extraheader`` / ``insteadOf`` / credential-manager
  output, secrets in crash reports (JVM, Node report, Android tombstone, macOS ``.ips``, crash
  annotations), session secrets in a browser's storage (Supabase, Firebase ``stsTokenManager``,
  oidc-client, devtools rows), secrets in text recognised from a screenshot; 16 personal data:
  Mauritius NID (its mod-17 check character), Austria's Abgabenkontonummer, Guinea's NIFp (Luhn),
  the Belgian eID card number (mod 97), Spain's NSS (mod 97), Brazil's PIS/NIS (mod 11), Nordic
  coordination numbers (Swedish samordningsnummer, Norwegian D-nummer) and Finnish HETUs with the
  2023 century signs, vehicle registration documents (Brazil's RENAVAM with its check, the UK V5C
  reference), insurance policy numbers, student ids (UCAS, Matrikelnummer), loyalty card numbers,
  fingerprint minutiae templates (ISO/IEC 19794-2 in base64), Caucasus personal numbers (Georgia,
  Armenia's ՀԾՀ, Azerbaijan's FİN), Mongolia's register number, addresses of 14 more countries
  (Georgia, Armenia, Bolivia, Latvia, Bosnia, North Macedonia, Jordan, Rwanda, Zambia, Panama, Jamaica,
  Nepal, Cambodia, Mongolia), names in six more scripts (Sinhala, Gujarati, Odia, Georgian, Armenian,
  Lao). ``ROUND13_WRAPPERS``: Rust and C++ raw strings, a notification e-mail's zero-width spaces
  after ``@`` and ``.``, a word processor's no-break spaces and hyphens, a VB string (``vbCrLf``),
  JavaScript ``escape()`` (``%uXXXX``), ``String.fromCharCode``, a YAML folded scalar, ``cat -A``, a
  Python bytes repr of UTF-16LE, full-width IME text, RTF, an Excel formula (``CHAR(10)``), Go's
  HTML-safe JSON, PostgreSQL dollar quoting, Lao / Sinhala / Tajik chat. ``_round13_decoy_templates``:
  HL7 headers and results without a patient, SMPTE timecodes, transit stop and trip ids, chemical
  identifiers, sequence and structure accessions, star and galaxy designations, key-derivation
  parameters, authentication scheme declarations, GS1 element strings, source-map mappings, game
  world seeds, chess notation, spreadsheet range references, coordinate reference system codes.
  Round 14 (``ROUND14``, ``_extend14`` / ``round14_*`` / ``_pii14`` / ``_multi14``,
  ``ROUND14_WRAPPERS``, ``_round14_decoy_templates``; dev since round 15), written blind to the engine (issue 17, branch
  blind14: its author read only this generator, its tests, the shared bench and the engine's
  aggregate line; scored by ``--pool holdout``; untuned, the engine at 7295cd2, seeds 1 / 2 (n 2400)
  and 7 (n 1200): 53.9 / 53.6 / 54.8% secrets, 55.8 / 53.6 / 57.4% personal data, 106.9 / 91.0 /
  100.0 FP/MB, 2 / 2 / 0 stray spans, idempotent, nothing dropped). Two new families for every
  earlier category: one-value categories from shared lists (``SECRET_FAMILIES14``: ``direnv exec``,
  ``doppler secrets get --plain``, ``op item get --reveal``, ``bat`` of an env file, gdb
  ``getenv``, ``skaffold render``, ``flyctl ssh console``, an INI section, phpunit.xml ``<env>``, a
  YAML TODO, IEx ``System.get_env``, Luxembourgish / Maltese / Haitian Creole / Quechua chat;
  ``PII_FAMILIES14``: a mysql table, ``xsv table``, a hard-coded assignment, Clojure EDN, a vCard
  ``X-`` field, a validation report, the same languages), the rest (key pairs and blocks, user
  names in paths, URLs) as an earlier round's snippet in an ``xclip`` / ``wl-paste`` read, a diff
  adding it to a scratch file, a ``kubectl exec … cat`` or a chat attachment (``CONTAINERS14``).
  Categories the generator lacked (``Category.rounds`` all 14), 17 secret: password-manager CLI
  sessions (``BW_SESSION``, ``OP_SESSION_…``, the LastPass agent key), SCIM provisioning tokens
  (Entra ID, Okta, a bearer), SIP trunk and PBX passwords (pjsip, sip.conf, FreeSWITCH gateways,
  Asterisk manager), LMS tokens (Canvas ``id~token``, Moodle ``wstoken``, Blackboard), support-chat
  secrets (Crisp, Help Scout, Gorgias, LiveChat PATs), newsletter keys (Klaviyo private ``pk_``, Kit,
  beehiiv, Customer.io), survey keys (SurveyMonkey, Jotform, Qualtrics, Tally ``tly-``),
  scraping-proxy credentials (Bright Data zone passwords, ScraperAPI, ZenRows, Apify ``apify_api_``),
  uptime-monitor keys (UptimeRobot ``u…-``, Checkly ``cu_``, Cronitor, Better Stack), media-CDN
  secrets (Filestack, ImageKit ``private_``, imgix, Uploadcare, imgproxy), open-banking secrets
  (Tink, GoCardless Bank Account Data, Yapily, Salt Edge), travel API secrets (Amadeus, Kiwi
  Tequila, Sabre, Hotelbeds), DBaaS credentials (Aiven ``AVNS_``, Instaclustr, Prisma Accelerate,
  Timescale), LLM-gateway keys (Helicone ``sk-helicone-``, Portkey, a LiteLLM master key,
  Braintrust), agent-sandbox keys (E2B ``e2b_``, Browserbase ``bb_live_``, Daytona ``dtn_``, Mem0
  ``m0-``), web-analytics secrets (Matomo ``token_auth``, Plausible, FullStory ``na1.``, Pendo),
  secrets seen on the wire or in a trace (``tcpdump -A``, ``strace``, a followed TCP stream,
  ``mitmdump``, ``ngrep``); 15 personal data: Qatar's QID (century, birth year, nationality),
  Tunisia's CIN, Andorra's NRT of persons (python-stdnum accepts it), Zimbabwe's national id (its
  mod-23 check letter), Zambia's NRC and Botswana's Omang, Myanmar's NRC, Morocco's CIN, SIM ICCIDs
  (Luhn), booking references (PNRs), prison register numbers, library patron barcodes (Luhn), places
  of birth, face embeddings, a person's IP beside their name (both planted), addresses of 16 more
  countries (Paraguay, Tunisia, Qatar, Oman, Bhutan, Laos, Fiji, Cyprus, Belarus, Kyrgyzstan,
  Uzbekistan, Madagascar, Namibia, Botswana, Trinidad and Tobago, Honduras), names in five more
  scripts (Thaana, Syriac, Tifinagh, Mongolian script, Cherokee). ``ROUND14_WRAPPERS``: ``printf
  '\\xNN'`` bytes, CSS hex escapes, a tab-stripped ``<<-`` heredoc, an Obsidian callout, the Windows
  HTML clipboard format, WordprocessingML runs, an SMS backup's XML attribute, UTF-16 seen in
  ``less`` (``^@``), vim registers (``^J``), a box-drawing frame, a LINE chat export, a Dockerfile
  heredoc, a PHP nowdoc, Swift and C# raw strings, a Ruby squiggly heredoc, Maltese / Haitian
  Creole / Quechua / Luxembourgish chat. ``_round14_decoy_templates``: METAR / TAF reports, orbital
  element sets, DNS SOA / NS records of documentation domains, BGP announcements of public networks,
  library call numbers, legal citations, patent numbers, IANA time zones, media types, git refspecs,
  ABC tunes, Unicode code points, paint and print colour codes, standards references.

- ``holdout`` (never tuned: read per-category aggregate counts only, never its misses or false
  positives; ``main`` prints failures of the dev pool alone, ``--pool holdout`` its aggregate
  table alone): round 17.
  Round 15 (dev since round 16; ``ROUND15``, ``_extend15`` / ``round15_*`` / ``_pii15`` / ``_multi15`` / ``_fill15``,
  ``ROUND15_WRAPPERS``, ``_round15_decoy_templates``), written blind to the engine (issue 17, branch
  blind15: its author read only this generator, its tests, the shared bench and the engine's
  aggregate line; scored by ``--pool holdout``; untuned, the engine at stage37 d1284f3, seeds 1 / 2
  (n 2400) and 7 (n 1200): 54.9 / 54.0 / 56.3% secrets, 58.8 / 58.4 / 59.7% personal data, 105.1 /
  96.8 / 95.6 FP/MB, 90 / 99 / 44 stray spans, idempotent, nothing dropped). Round 15 measures
  carry: two new families for every earlier category, one-value categories from shared lists
  (``SECRET_FAMILIES15``: the label in a comment on the line before, in a column header only, after
  the value, in the sibling field of a Postman ``apikey`` array or a HAR ``postData`` param, in
  ``kubectl describe configmap`` data, in ``jq to_entries`` output, in a ``terraform console`` call,
  in German or Japanese; the value URL-encoded in a curl error, or cut in two and joined by
  JavaScript ``+``, Go ``+`` or shell ``$A$B`` (both halves planted); Hausa / Somali / Punjabi /
  Armenian / Kannada chat; ``PII_FAMILIES15``: the label on the line before or after, a column
  header, no label at all, a HAR JSON body, a CSV row with a quoted newline, ``jq to_entries``, the
  same languages), the rest (key pairs and blocks, user names in paths, URLs) as a round-12 or
  earlier snippet in ``kubectl describe configmap``, ``git show HEAD:…``, ``terraform console``
  ``file()``, ``gh gist view --raw`` or ``sops -d --extract`` (``CONTAINERS15``). Categories the
  generator lacked (``Category.rounds`` all 15), 22 secret: weather API keys (OpenWeatherMap,
  Tomorrow.io, WeatherAPI, Visual Crossing), marketplace seller tokens (Amazon SP-API refresh tokens
  ``Atzr|IwEB…``, LWA client secrets ``amzn1.oa2-cs.v1.``, eBay user tokens ``v^1.1#…``, Etsy
  keystrings), push-service secrets (Huawei HMS, Xiaomi MiPush, Pushy, Batch), APM agent keys
  (Instana, AppDynamics, SigNoz, Uptrace DSN tokens), vector-DB keys (Zilliz, turbopuffer ``tpuf_``,
  Chroma Cloud ``ck-``, LanceDB Cloud), model-hub tokens (Civitai, ModelScope ``ms-``, Ultralytics
  HUB, Lightning), quantum-cloud tokens (IBM Quantum, D-Wave Leap, IonQ), e-mail validation keys
  (ZeroBounce, NeverBounce ``secret_``, Hunter, Kickbox ``live_``), document API keys (CloudConvert,
  DocRaptor, ConvertAPI, PDFMonkey), stock-media keys (Unsplash, Pexels, Pixabay, Shutterstock),
  music API secrets (Spotify, Last.fm, Genius, SoundCloud), open-data API keys (api.data.gov,
  Companies House, Census, FRED), automation-platform keys (n8n, Retool ``retool_01``, Windmill,
  Pipedream), MQTT broker passwords (``mosquitto_pub -P``, Zigbee2MQTT, paho, EMQX), video SDK
  secrets (Zoom server-to-server, 100ms, Whereby, Dyte), shipping API secrets (ShipStation,
  Sendcloud, AfterShip ``asat_``, DHL), tax API keys (Avalara, TaxJar, Quaderno), code-search
  tokens (Sourcegraph ``sgp_``, Greptile, Tabnine), OIDC provider secrets (authentik, Logto,
  Casdoor, Kanidm), game-backend secrets (Unity services, GameAnalytics, Hathora, Nakama), known
  kinds inside exports (``docker inspect`` ``Args``, a Terraform state instance, kubectl's
  last-applied annotation, HAR cookies, Postman collection variables, ``.npmrc`` scoped auth, a CI
  log that prints the value before registering its mask) and known kinds split across Go / Rust /
  Kotlin / Terraform / C# code; 14 personal data: Finland's veronumero, Costa Rica's DIMEX,
  Uruguay's cédula (its check digit), Nicaragua's cédula (its mod-23 letter), Panama's cédula,
  Kyrgyz / Rwandan / Ugandan personal numbers, resident cards (Taiwan's new ARC number with its check
  digit, Japan's 在留カード, Singapore's FIN with its letter), a home's plus code or what3words
  address, iris templates (ISO/IEC 19794-6), phone numbers read aloud with words between the groups,
  colleagues' names and home addresses (14 more countries) in prose with no label, names in
  Canadian syllabics, Tibetan, N'Ko and Adlam, emergency contacts (a name and a phone, both planted).
  ``ROUND15_WRAPPERS``: ``git show`` of an added file, PostgreSQL dollar quotes, a Nix indented
  string, a Python f-string (braces doubled), a Jenkinsfile GString, an iCalendar ``DESCRIPTION``
  (RFC 5545 escapes), troff, a Jsonnet text block, an MDX template literal, a quoted quote, a crontab
  line (``\\%``), a systemd ``ExecStartPre`` (``%%``), a compose ``command`` (``$$``), a Kotlin
  ``trimMargin`` string (``${'$'}``), Hausa / Somali / Punjabi / Armenian / Kannada chat.
  ``_round15_decoy_templates``: package URLs, ELF and Go build ids, schema migration ids, kernel and
  runtime clock stamps, GPU driver banners, app bundle ids and version codes, CI cache keys, OAuth
  scope strings, clinical terminology codes, coarse spatial index cells, release commit subjects,
  Terraform resource addresses, Kubernetes object metadata, crash incident identifiers.
  Round 16 (dev since round 17; ``ROUND16``, ``_extend16`` / ``round16_custom`` / ``_pii16`` / ``_multi16`` /
  ``_fill16``, ``ROUND16_WRAPPERS``, ``_round16_decoy_templates``), written blind to the engine (issue 17, branch
  blind16: its author read only this generator, its tests, the shared bench and the engine's
  aggregate line; scored by ``--pool holdout``; untuned, the engine at main b731ab6, seeds 1 / 2
  (n 2400) and 7 (n 1200): 71.4 / 72.6 / 72.0% secrets, 42.0 / 41.6 / 40.9% personal data, 0.0 / 0.8
  / 1.5 FP/MB, 1 / 1 / 2 stray spans, nothing dropped, not idempotent at any of the three). Round 16
  measures carry on what a person types, in two halves of its plants. Half are earlier kinds in new
  shapes: three new families for every earlier one-value category, a sentence with no label (by kind:
  "my number's …", "reach me at …", "she lives at …", "the key I used was …"; a field said in words
  for ids) and two from shared lists (``SECRET_FAMILIES16``: a ``history`` line with its time stamp,
  ``docker run -e``, ``helm --set``, ``gh secret set --body``, a Makefile recipe, a unit's
  ``Environment=``, a crontab line, ``CREATE ROLE … PASSWORD``, a CLI error that repeats the value, a
  markdown table, a quoted e-mail reply, a timestamped IRC-style chat, a value cut in two by a
  terminal's soft wrap (both halves planted), Yoruba / Igbo / Malagasy / Pashto / Uyghur / Cebuano,
  the label shortened as people type it: ``pw``, ``passwd``, ``tok``, ``psk``, ``creds``…;
  ``PII_FAMILIES16``: other people's data as it is pasted: a psql result row, a support ticket, a
  form's CSV export, a quoted reply, a support chat, a markdown table, a validation error that
  echoes the input, a shortened label, the same languages); key pairs, blocks, paths and URLs as an
  earlier snippet in ``pbpaste``, a chat paste, ``kubectl exec … cat`` or a clipboard manager's item
  (``CONTAINERS16``). The other half are kinds the generator lacked (``Category.rounds`` all 16; each
  weighs ``NEW16_WEIGHT`` in a draw), 7 secret categories of 20 credential kinds with their vendors'
  documented shapes: home-lab admin tokens (Proxmox ``PVEAPIToken`` user!id=UUID, TrueNAS API keys,
  Nextcloud app passwords), AI admin keys (OpenAI ``sk-admin-``, Amazon Bedrock ``ABSK`` long-term
  keys), GitLab's newer prefixed tokens (``glcbt-``, ``gloas-``, ``glffct-``, ``glimt-``,
  ``glagent-``), Slack refresh tokens (``xoxe-1-``, ``xoxe.xoxp-1-``), VPN account secrets (NetBird
  ``nbp_`` with its CRC32, a Mullvad account number), developer-platform tokens (Scalingo ``tk-us-``,
  Frame.io ``fio-u-``, ReadMe ``rdme_``, Polar ``polar_oat_``), publishing admin keys (Ghost
  ``id:secret``, Grafana Cloud ``glc_``); 10 personal-data categories of 11 kinds: El Salvador's DUI
  and Poland's identity card (their check digits), Guatemala's CUI (its check digit), Australia's
  Centrelink CRN (its check letter), Liechtenstein's PEID (python-stdnum), Honduras's DNI and
  Venezuela's cédula, Japan's basic pension number, India's driving licence, Ethiopia's Fayda FAN,
  the US passport card. ``ROUND16_WRAPPERS``: ``printf %q`` output, a ``sed`` replacement, a SQL
  ``LIKE`` pattern, a JSON Patch pointer, an LDAP DN (RFC 4514), ``SELECT … INTO OUTFILE``, a
  ``.reg`` value, a PHP single-quoted string, a Matrix reply, a Swift multi-line string, a Redmine
  ``<pre>``, an Emacs Lisp string, a word processor's curly apostrophes, a Go raw string, Yoruba /
  Igbo / Malagasy / Pashto / Uyghur / Cebuano chat. ``_round16_decoy_templates``: replication
  positions (LSN, GTID, offsets), container listings, test-run summaries, HTTP timing lines, GC log
  lines, disk usage rows, query plans, benchmark results, interface counters, file listings and
  process rows of system accounts, CI matrix labels, rate-limit headers, cloud built-in role GUIDs,
  PDF trailer ids, MSI product codes, Bluetooth SIG GATT UUIDs, anonymous volume names.
  Round 17 (``ROUND17``, ``_extend17`` / ``round17_custom`` / ``_pii17`` / ``_multi17`` / ``_fill17``,
  ``ROUND17_WRAPPERS``, ``_round17_decoy_templates``), written blind to the engine (issue 17, branch
  blind17: its author read only this generator, its tests, the shared bench and the engine's
  aggregate line; scored by ``--pool holdout``; untuned, the engine at main 8db3092, seeds 1 / 2 / 7
  (n 1200): 72.0 / 73.6 / 73.0% secrets, 57.2 / 58.7 / 57.7% personal data, 0.0 / 0.0 / 0.0 FP/MB,
  3 / 3 / 2 stray spans, idempotent, nothing dropped). Round 17 measures carry on where values land
  in a developer's day. About 60 % of its plants are earlier kinds in new shapes: a sentence about
  someone else's data (a landlord's number, a parent's address, a flatmate's account; by kind) and one
  family from shared lists for every earlier one-value category (``SECRET_FAMILIES17``: a diff hunk
  of an env file, a failing test's assertion, logfmt and JSON log lines, a raw HTTP request, a
  filled-in example env file, tab-separated spreadsheet rows, a commit message, a YAML anchor,
  ``terraform.tfvars``, Ansible vars left out of the vault, a notebook's ``Out`` cell, doubled spaces
  of hurried typing, a paste into the wrong window; ``PII_FAMILIES17``: the same shapes for someone
  else's data, a fixture's diff hunk, a form-encoded PATCH, a commit that quotes the value, Ansible
  host vars), key pairs, blocks, paths and URLs as an earlier snippet in ``git stash show -p``, a
  notebook's ``print``, ``tmux save-buffer`` or an attachment (``CONTAINERS17``), and three earlier
  kinds in new value shapes (weight ``EARLIER17_WEIGHT``): names in eight non-Latin scripts (family
  name first where the culture writes it so) and in "Lastname, Firstname" order, home addresses written
  the local way (JP, KR, CN, BR, MX, IT, ES, NL, PL, IN, NG, ZA), mobile numbers of those twelve
  countries in their national format in prose. About 40 % are kinds the generator lacked
  (``Category.rounds`` all 17, ``NEW17``; each weighs ``NEW17_WEIGHT`` in a draw of round 17): 7
  secret categories of 14 credential kinds in their vendors' documented shapes (Claude subscription
  OAuth access and refresh tokens ``sk-ant-oat01-`` / ``sk-ant-ort01-``, NVIDIA API keys ``nvapi-``,
  Slack browser session tokens ``xoxc-`` and ``d`` cookies ``xoxd-``, Doppler CLI / SCIM / audit
  tokens ``dp.ct.`` / ``dp.scim.`` / ``dp.audit.``, Postman access tokens ``PMAT-``, Linear OAuth
  tokens ``lin_oauth_``, Docker Hub organisation access tokens ``dckr_oat_``, Databricks OAuth
  secrets ``dose``, GitLab feed tokens ``glft-`` and SCIM tokens ``glsoat-``) and 6 personal-data
  kinds with their check digits: the US National Provider Identifier (Luhn over 80840), the US DEA
  registration number, Hungary's személyi azonosító (mod 11), England's Unique Pupil Number (its
  check letter) and the UK Unique Learner Number (mod 11), Spain's Código Cuenta Cliente (python-stdnum).
  ``ROUND17_WRAPPERS``: a Zig multiline string, a Scala ``stripMargin`` string, a Haskell string
  literal (decimal escapes, ``\\&``), a MATLAB ``sprintf`` format, a PowerShell single-quoted string,
  a Lua long bracket, an AsciiDoc listing block, a BBCode forum quote, a doubly quoted e-mail reply,
  an OCaml quoted string. ``_round17_decoy_templates``: Windows well-known SIDs, memory addresses in
  reprs, syscall traces and backtraces, kernel oops frames, Git LFS pointers, TLS cipher-suite names,
  USB and PCI vendor:product ids, code-signing team identifiers, input masks, validation regexes, SSH
  commit signatures, transparency-log entries, DNSSEC DS records, PKCE code challenges, HTTP Digest
  challenges.

Decoy policy (rounds 4 to 6): only what is truly neither secret nor personal: public keys and
certificates, reserved documentation values (``example.com``, 192.0.2.0/24, 203.0.113.0/24,
2001:db8::/32; not 555-01xx phone numbers, which are redacted like any number since another
blind corpus planted its people's numbers there), public resolvers, bot and role addresses, ids
that grant nothing (Stripe object ids, ARNs, account numbers in resource names, LLM API object ids, CI run ids), masked
values; no test keys (redacting those is documented policy). Round 5 plants no MAC addresses,
device ids, coordinates, password hashes, Sentry DSNs or bare user handles: the generator claims
no policy for them. Round 6 follows the same policy and lists (a secret
*reference* names where a value lives and is no value; a public key is public even beside its
private kind); it plants none of those kinds either, nor US ITIN / Mexican CURP / vehicle plates.
Round 7 plants US ITINs and Mexican CURPs (a person's tax and population ids), still no vehicle
plates, MAC addresses, coordinates or hashes of passwords; its test cards are decoys because the
documented policy skips test cards, and a publishable or public key (``pk_live_``, ``pk-lf-``,
Mapbox ``pk.``) is public by design. Round 8 plants vehicle plates (a car's plate identifies its
keeper), still no MAC addresses, coordinates or hashes of passwords; its fixture decoys are values
no authority ever issues (an SSN in area 000 or 666), never documented test keys. Round 9 plants
medical record numbers (they identify a patient, as health insurance numbers do) and PO boxes (a
person's postal address); its coordinates, street addresses and dates are decoys only where they
are public places (landmarks, airports, headquarters) or events (issue, expiry, release dates);
its ciphertexts are decoys (meant to be committed, like sops ``ENC[…]``); still no MAC addresses,
employee ids or hashes of passwords. Round 10 plants the coordinates of a person's home under a
label (they locate the person as the address does; coordinates of public places stay decoys), sole
traders' tax numbers and company-looking ids only where a person holds them (a natural person's RUC,
an individual's VÖEN, a Steuernummer); its company register ids, CSP nonces, DNS verification tokens
and published test vectors are decoys (public by design); still no MAC addresses, employee ids,
documented test keys or hashes of passwords.
Round 11's policy. Personal data: a handle a person uses on a messenger or a social network (a
Telegram or X ``@name``, a Discord or Signal user name, a Threema id, ``@user@instance``, a profile
URL) and a person's user name on a code host where it names them (``ping @name``, CODEOWNERS) are
personal data: each finds and contacts one person as an e-mail address does; a wallet address that a
person gives as theirs (refund, payout, "my wallet") is personal data, since a public ledger ties
every payment of that person to it (as an IBAN does); a payment handle (UPI id, Pix key, cashtag,
Venmo, PayPal.me) likewise; a national, tax, health, social-security or immigration number of a
person is personal data with or without a label (the fixed-width listings have none); a VIN of a
person's car (the keeper is one registry lookup away, as for a plate) and the IMEI of a person's
phone (an online identifier of its user) are personal data. Not personal: bots and their mentions
(``@dependabot``), handles on the reserved ``.example`` domains and RFC examples, wallet addresses
of public contracts and the documented test vectors of EIP-55 and BIP-173, service principals
(``HTTP/host@REALM``, ``system:serviceaccount:…``), hardware model ids (a model, never one
device's serial). Secrets: any value that grants access or decrypts (tokens, keys, passphrases,
macaroons, keytabs, cookies, reversible encodings of a password such as Cisco type 7 or VNC's
obfuscation, and a token shown as bytes); a CAPTCHA *site* key is public by design (every page
embeds it) and so a decoy, its *secret* key is planted; chain genesis hashes and chain ids are
public constants. Still no MAC addresses, employee ids, device serials, documented test keys or
hashes of passwords.
Round 12's policy. Personal data: a social-insurance, health-card, voter or national number of a
person, with or without a label; a trusted-traveller or frequent-flyer number (it names one traveller
to an airline or a border agency); a patient's DICOM tags (name, patient id, birth date: a medical
record's identifiers, as round 9's record numbers); an employee number beside its holder's name (the
HR system resolves it to one person; round 12 plants both); the MAC address of a device a person says
is theirs (an online identifier of its user, as round 11's IMEI; a MAC that a protocol or RFC 7042
reserves names no device and is a decoy); a phone number in any link that dials or messages it; a
birth date in any encoding (an event's timestamp is a decoy: it dates an event, not a person); a name
where a project lists its people, and an ORCID iD (it identifies one researcher as a profile URL does);
a person's bank account with or without an IBAN. Not personal: system accounts (``postgres``,
``nobody``, uid 65534), organisational unit and cost-centre codes, authenticator model ids (AAGUIDs
name a model, never one key), flight numbers, fares and airliners' registrations, postcode ranges.
Secrets: whatever opens or decrypts, in any container: recovery passwords and keys of disks and
vaults, unseal shares, key sets, data keys, PKCS#12 bundles, Kerberos tickets, tokens in webhook and
deploy-hook URLs, the signature or token of a signed URL (the access-key id beside it is no plant),
enrolment keys, signing passphrases, and a value a CI log printed unmasked after masking it once. Not
secrets: BitLocker protector ids (they name which recovery key to ask for), public OAuth client ids
(every authorisation URL carries them), API version headers. Still no device serials, documented
test keys or hashes of passwords.
Round 13's policy. Personal data: a national, tax, social-security or identity-card number of a
person (Mauritius, Austria, Guinea, Belgium's card number, Spain, Brazil, the Caucasus, Mongolia),
including the numbers a country gives residents who are not in its population register (Nordic
coordination numbers): each names one person to an authority; a vehicle's registration document
number or RENAVAM where a person says the car is theirs (the keeper is one registry lookup away, as
for a plate or VIN); an insurance policy number, a student id and a loyalty card number of a person
(each resolves to one policyholder, student or member in the issuer's records, and a loyalty number
to that person's purchases); a fingerprint template (biometric data identifies its subject by
design, whatever the container); a home address of any country and a name in any script. Not
personal: HL7 headers and results with no patient segment, public catalogue and accession numbers
(compounds, genes, proteins, stars), transit stop ids, spreadsheet ranges, CRS codes. Secrets:
whatever grants access, wherever it was copied from: API keys and tokens of every service, admin and
master secrets, deploy keys, enrolment and device keys, cookie and session-signing secrets, passwords
in a password manager's export, tokens that git's credential machinery prints or stores (and the
base64 of ``user:token`` in an extra header), secrets a crash report or a browser's storage holds,
and a key read off a screenshot. Not secrets: key-derivation parameters without a salt or a hash
(they name a cost, never a value), authentication scheme declarations, source-map mappings, game
world seeds, GS1 product and lot strings. Still no device serials, documented test keys or hashes
of passwords.
Round 14's policy. Personal data: a national, tax or identity number of a natural person (Qatar,
Tunisia, Andorra's NRT with a person's letter F or E, Zimbabwe, Zambia, Botswana, Myanmar, Morocco):
each names one person to an authority (an NRT under a company's letter would not, and is not
drawn); a SIM's ICCID where a person says the line is theirs (an online identifier of its
subscriber, as round 11's IMEI); a booking reference (with the surname it is all an airline asks to
open one traveller's booking, itinerary and contact data); a prison register number (it names one
person, and criminal-justice data is a special category); a library patron barcode (it resolves to
one member and their loans, as round 13's loyalty numbers do); a place of birth (an attribute of
identity documents that, with a birth date or age, singles a person out); a face embedding of an
enrolled person (biometric data, as round 13's fingerprint templates); a person's IP address beside
their name in a log (each identifies them; both are planted); a home address of any country and a
name in any script. Not personal: weather reports, orbital elements, DNS records of documentation
domains, routing announcements of public networks, library call numbers, legal citations, patent
numbers, time zones, media types, refspecs, tunes, code points, colour codes, standards
references. Secrets: whatever grants access or decrypts, wherever it is pasted from: password-manager
CLI session keys, SCIM bearer tokens, SIP and PBX passwords, API keys and tokens of every service,
signing keys (imgproxy, Filestack), a password seen in a packet capture or a syscall trace. Not
secrets: the public ids beside them (a SCIM tenant URL, a Crisp identifier, an ImageKit
``public_`` key, an Amadeus client id), which are template text and never planted.
Still no device serials, documented test keys or hashes of passwords.
Round 15's policy. Personal data: a national, tax, residence or personal number of a natural person
(Finland's veronumero, Costa Rica's DIMEX, the cédulas of Uruguay, Nicaragua and Panama, Kyrgyzstan's
ПИН, Rwanda's and Uganda's national ids, Taiwan's ARC number, Japan's residence card, Singapore's
FIN): each names one person to an authority, and a foreigner's residence number does so as a
citizen's id does; the plus code or what3words address of a person's home (each locates the home to
a few metres, as round 10's coordinates; coarse cells of a city are decoys); an iris template
(biometric data, as round 13's fingerprints); a phone number however it is spoken or split (the
words between the groups are part of the planted run); a colleague's full name and a home address in
prose with no label (the text around them is what a reader would use, and so must a redactor); an
emergency contact's name and number. Not personal: package URLs, build and migration ids, clock
stamps, bundle ids, clinical codes (they name a concept, never a patient), coarse spatial cells,
resource addresses, object metadata, crash incident ids. Secrets: whatever grants access, wherever
its label sits (another line, a header, a sibling field, another language) and in however many
pieces it is written (each piece is planted). Not secrets: OAuth scopes, cache keys, build ids, the
public ids beside the secrets (client ids, account numbers in ``curl -u``), which are template text
and never planted. Still no device serials, documented test keys or hashes of passwords.
Round 16's policy. Personal data: a national, identity-card, tax, pension, social-benefit, driving
or travel document number of a natural person (El Salvador's DUI, Poland's dowód osobisty,
Guatemala's CUI, Australia's Centrelink CRN, Liechtenstein's PEID of a person, Honduras's DNI,
Venezuela's cédula, Japan's basic pension number, India's driving licence, Ethiopia's Fayda FAN, a
US passport card): each names one person to an authority or a benefits office, and a licence or a
travel card names its holder as a passport does; any earlier kind said in a sentence with no label
or under a shortened label (the shape and the sentence are what a reader uses, and so must a
redactor); another person's data (a customer, a colleague, a form's respondent) exactly as the
user's own. Not personal: replication positions, container and process listings of system accounts,
test, benchmark, timing and counter output, query plans, CI labels, rate-limit headers, built-in
role GUIDs (the same in every tenant), PDF trailer ids, MSI product codes, GATT UUIDs, volume
names. Secrets: whatever grants access, however it is typed (no label, a shortened one, another
language, a shell or unit or cron line, a table, a quoted reply, a chat, cut by a soft wrap: each
piece planted), and an account number that is the login itself
(Mullvad). Not secrets: the public ids beside them (OAuth app and client ids, project ids), which are
template text and never planted; a Ghost admin key and a Proxmox API token are planted whole, since
their id half is part of what the request carries. Still no device serials, documented test keys or
hashes of passwords.
Round 17's policy. Personal data: a US National Provider Identifier and a DEA registration number of a
prescriber (each names one clinician to payers and regulators, and a type-1 NPI is an individual's;
the DEA number even carries the surname's initial); Hungary's személyi azonosító (it encodes sex and
birth date and names one citizen); a pupil's UPN and a learner's ULN (each resolves to one child or
learner in the school or skills records, as round 13's student ids); a person's Spanish CCC (a bank
account, as an IBAN is); a name in any script and in any order, a home address as its country writes
it, a phone number in its national format; another person's data (a parent, a flatmate, a customer)
exactly as the user's own. Not personal: well-known SIDs (the same on every Windows machine), memory
addresses, kernel frames, LFS pointers (a content hash), cipher-suite names, USB and PCI ids (a
product model, never one device), code-signing team ids (printed in every signed binary of a
company), input masks and validation patterns (the shape of a value, never one), signatures and
transparency-log entries (public by design), DS records, PKCE challenges and Digest nonces (a hash or
a challenge sent in the clear, which opens nothing). Secrets: whatever
grants access, wherever a developer's day puts it (a diff, a test's output, a log line, a request,
an example file, a spreadsheet, a commit, an anchor, tfvars, Ansible vars, a notebook), including
session tokens and cookies copied from a browser and OAuth tokens of a subscription. Not secrets: the
public ids beside them (OAuth client ids, host names), which are template text and never planted.
Still no device serials, documented test keys or hashes of passwords.
"""

from __future__ import annotations

import base64
import calendar
import json
import random
import string
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import phonenumbers

Pool = Literal["dev", "holdout"]
POOLS: tuple[Pool, Pool] = ("dev", "holdout")

B62 = string.ascii_letters + string.digits
B64URL = B62 + "-_"
HEX = "0123456789abcdef"
UPPER32 = string.ascii_uppercase + "234567"


@dataclass(frozen=True)
class Plant:
    """A planted value: caught when no run of 8 characters of any of its forms survives."""

    category: str
    kind: Literal["secret", "pii"]
    needles: tuple[str, ...]  # the sensitive parts as they appear (raw and as rendered)
    wrapper: str = field(default="", compare=False)  # "r<round>w<index>": the wrapper it was rendered in


@dataclass(frozen=True)
class Decoy:
    """A look-alike that must come out verbatim."""

    category: str
    text: str  # as rendered in the prompt


@dataclass(frozen=True)
class BlindCase:
    pool: Pool
    text: str
    plants: tuple[Plant, ...]
    decoys: tuple[Decoy, ...]
    families: tuple[str, ...] = field(default=())


def _rs(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


# ---------------------------------------------------------------------------------------------
# value generators

FIRST = [
    "James",
    "Priya",
    "Wei",
    "Fatima",
    "Lukas",
    "Sofia",
    "Mateo",
    "Aisha",
    "Olga",
    "Kenji",
    "Chloé",
    "José",
    "Zoë",
    "Søren",
    "Łukasz",
    "Bjørn",
    "François",
    "Jürgen",
    "Ngozi",
    "Ana",
    "Anne-Marie",
    "Jean-Luc",
    "Hannah",
    "Oliver",
    "Amélie",
    "Dmitri",
    "Siobhan",
    "Rahul",
    "Camila",
    "Thandiwe",
    "Mikael",
    "Yusuf",
    "Ingrid",
    "Tomás",
    "Emily",
    "Marcus",
    "Leïla",
    "Björn",
    "Agnieszka",
    "Declan",
    "Rosalind",
    "Kwame",
    "Nadia",
    "Ravi",
    "Elodie",
    "Hiroshi",
]
LAST = [
    "McAllister",
    "MacDonald",
    "O'Brien",
    "Smith-Jones",
    "van der Berg",
    "de la Cruz",
    "von Trapp",
    "da Silva",
    "van Dijk",
    "Müller",
    "Ångström",
    "Nguyen",
    "Kowalski",
    "Okafor",
    "Schröder",
    "Dubois",
    "Fernández",
    "Gonçalves",
    "Patel",
    "Sharma",
    "Yamamoto",
    "Ivanova",
    "Johansson",
    "Lefèvre",
    "Brennan",
    "Abernathy",
    "Whitfield",
    "Castellanos",
    "Eriksen",
    "Mbeki",
    "Novák",
    "Papadopoulos",
    "Rossi",
    "Hernández-López",
    "Kuznetsov",
    "Lindqvist",
    "Mendoza",
    "Achterberg",
    "Delacroix",
    "Fitzgerald",
    "Haddad",
    "Oyelaran",
    "Pereira",
    "Quintero",
    "Rasmussen",
    "Szabó",
    "Thornbury",
    "Villanueva",
    "Wójcik",
    "Zimmermann",
]


def person_name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _ascii_slug(s: str) -> str:
    import unicodedata

    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    return "".join(c for c in s.lower() if c.isalnum())


def username(rng: random.Random) -> str:
    first, last = rng.choice(FIRST), rng.choice(LAST)
    f, la = _ascii_slug(first), _ascii_slug(last)
    form = rng.randrange(4)
    if form == 0:
        return f"{f}.{la}"
    if form == 1:
        return f"{f[0]}{la}"
    if form == 2:
        return f"{f}{la[:4]}{rng.randrange(10, 99)}"
    return f"{f}_{la}"


DOMAINS = ["io", "com", "co.uk", "de", "fr", "dev", "net", "com.br", "in", "org"]
COMPANY = [
    "acmeanalytics",
    "brightloop",
    "northwind-labs",
    "quantflow",
    "helio",
    "tidepool",
    "corvid-systems",
    "lumenworks",
    "stackhaven",
    "orchardpay",
    "veloxa",
    "kitebyte",
]


def email(rng: random.Random) -> str:
    local = username(rng)
    if rng.random() < 0.2:
        local += f"+{rng.choice(['ci', 'test', 'jira', 'aws'])}"
    dom = rng.choice(COMPANY)
    if rng.random() < 0.2:
        dom = f"{rng.choice(['mail', 'eu', 'corp'])}.{dom}"
    if rng.random() < 0.25:
        return f"{local}@{rng.choice(['gmail.com', 'outlook.com', 'proton.me', 'yahoo.co.uk', 'web.de'])}"
    return f"{local}@{dom}.{rng.choice(DOMAINS)}"


def _phone_digits(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    # National significant numbers drawn from realistic leading digits, kept only when valid.
    lead = {
        "US": lambda: (
            rng.choice(["415", "212", "646", "312", "617", "206", "512", "303", "404", "702"])
            + str(rng.randrange(2, 10))
            + _rs(rng, "0123456789", 6)
        ),
        "GB": lambda: rng.choice(
            [
                "7" + _rs(rng, "0123456789", 9),
                "20" + rng.choice("378") + _rs(rng, "0123456789", 7),
                "161" + str(rng.randrange(2, 10)) + _rs(rng, "0123456789", 6),
            ]
        ),
        "DE": lambda: rng.choice(
            [
                "30" + str(rng.randrange(2, 10)) + _rs(rng, "0123456789", 7),
                "15" + rng.choice("1279") + _rs(rng, "0123456789", 8),
                "89" + str(rng.randrange(2, 10)) + _rs(rng, "0123456789", 6),
            ]
        ),
        "FR": lambda: rng.choice("1234567") + _rs(rng, "0123456789", 8),
        "IN": lambda: rng.choice("6789") + _rs(rng, "0123456789", 9),
        "BR": lambda: (
            rng.choice(["11", "21", "31", "41", "51", "61"])
            + rng.choice(["9" + _rs(rng, "0123456789", 8), "3" + _rs(rng, "0123456789", 7)])
        ),
        # round-4 regions (holdout-only)
        "ES": lambda: rng.choice(
            ["6" + _rs(rng, "0123456789", 8), rng.choice(["91", "93", "95"]) + _rs(rng, "0123456789", 7)]
        ),
        "IT": lambda: rng.choice(
            [
                "3" + rng.choice(["20", "28", "33", "35", "39", "47", "49"]) + _rs(rng, "0123456789", 7),
                rng.choice(["06", "02"]) + _rs(rng, "0123456789", 8),
            ]
        ),
        "NL": lambda: rng.choice(
            ["6" + _rs(rng, "0123456789", 8), rng.choice(["20", "10"]) + _rs(rng, "0123456789", 7)]
        ),
        "JP": lambda: rng.choice(
            [rng.choice(["90", "80", "70"]) + _rs(rng, "0123456789", 8), "3" + _rs(rng, "0123456789", 8)]
        ),
        "AU": lambda: rng.choice(
            ["4" + _rs(rng, "0123456789", 8), rng.choice(["2", "3"]) + rng.choice("89") + _rs(rng, "0123456789", 7)]
        ),
    }[region]
    cc = phonenumbers.country_code_for_region(region)
    for _ in range(200):
        num = phonenumbers.parse(f"+{cc}{lead()}")
        if phonenumbers.is_valid_number(num):
            return num
    raise RuntimeError(region)


def phone(rng: random.Random, region: str) -> str:
    num = _phone_digits(rng, region)
    style = rng.randrange(5)
    if style == 0:
        return phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.NATIONAL)
    if style == 1:
        return phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    if style == 2:
        return phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.E164)
    nat = phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.NATIONAL)
    if style == 3:  # dots or dashes instead of spaces, as people type them
        sep = rng.choice(".-")
        return nat.replace("(", "").replace(") ", sep).replace(" ", sep)
    return "".join(c for c in nat if c.isdigit())  # bare national digits


def luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    body = prefix + _rs(rng, "0123456789", length - len(prefix) - 1)
    total = 0
    for i, d in enumerate(reversed(body)):
        n = int(d)
        if i % 2 == 0:
            n *= 2
            n -= 9 if n > 9 else 0
        total += n
    return body + str((10 - total % 10) % 10)


def card(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        num = luhn_complete("4", 16, rng)
    elif kind == 1:
        num = luhn_complete(str(rng.randrange(51, 56)), 16, rng)
    elif kind == 2:
        num = luhn_complete(rng.choice(["34", "37"]), 15, rng)
        sep = rng.choice([" ", "-", ""])
        return sep.join([num[:4], num[4:10], num[10:]])
    else:
        num = luhn_complete("6011", 16, rng)
    sep = rng.choice([" ", "-", ""])
    return sep.join(num[i : i + 4] for i in range(0, 16, 4))


IBAN_BBAN = {
    "DE": lambda r: _rs(r, "0123456789", 18),
    "GB": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, "0123456789", 14),
    "FR": lambda r: _rs(r, "0123456789", 23),
    "NL": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, "0123456789", 10),
    "ES": lambda r: _rs(r, "0123456789", 20),
    "BE": lambda r: _rs(r, "0123456789", 12),
    "CH": lambda r: _rs(r, "0123456789", 17),
    "IT": lambda r: _rs(r, string.ascii_uppercase, 1) + _rs(r, "0123456789", 22),
}


def iban(rng: random.Random) -> str:
    cc = rng.choice(sorted(IBAN_BBAN))
    bban = IBAN_BBAN[cc](rng)
    digits = "".join(str(int(c, 36)) for c in bban + cc + "00")
    check = 98 - int(digits) % 97
    value = f"{cc}{check:02d}{bban}"
    if rng.random() < 0.5:
        return " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    return value


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    group, serial = rng.randrange(1, 100), rng.randrange(1, 10000)
    sep = rng.choice(["-", " ", ""])
    return f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"


MONTHS = list(calendar.month_name)[1:]  # English names: the module never sets a locale


def dob(rng: random.Random) -> str:
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    return rng.choice(
        [
            f"{y}-{m:02d}-{d:02d}",
            f"{m:02d}/{d:02d}/{y}",
            f"{d:02d}.{m:02d}.{y}",
            f"{d} {MONTHS[m - 1]} {y}",
            f"{MONTHS[m - 1]} {d}, {y}",
            f"{d:02d}/{m:02d}/{y}",
        ]
    )


US_STREETS = ["Maple", "Oak", "Cedar", "Pine", "Elm", "Washington", "Lincoln", "Sunset", "Lakeview", "Highland"]
US_SUFFIX = ["Street", "St", "Avenue", "Ave", "Road", "Rd", "Boulevard", "Blvd", "Drive", "Dr", "Lane", "Court"]
US_CITY = [
    ("Springfield", "IL"),
    ("Austin", "TX"),
    ("Portland", "OR"),
    ("Denver", "CO"),
    ("Columbus", "OH"),
    ("Raleigh", "NC"),
    ("Madison", "WI"),
    ("Tucson", "AZ"),
    ("Boise", "ID"),
    ("Albany", "NY"),
]
UK_STREETS = [
    "Baker Street",
    "Victoria Road",
    "Church Lane",
    "Mill Road",
    "Kings Road",
    "Station Road",
    "Queen's Drive",
    "Park Avenue",
    "Ashby Close",
    "Hawthorn Crescent",
]
UK_CITY = ["London", "Manchester", "Leeds", "Bristol", "Edinburgh", "Cardiff", "Norwich", "York"]
DE_STREETS = [
    "Hauptstraße",
    "Schillerstraße",
    "Goethestr.",
    "Bahnhofstraße",
    "Lindenallee",
    "Am Markt",
    "Kastanienweg",
    "Friedrichstraße",
    "Rosenstr.",
    "Berliner Platz",
]
DE_CITY = ["Berlin", "München", "Köln", "Hamburg", "Leipzig", "Düsseldorf", "Frankfurt am Main", "Stuttgart"]
FR_STREETS = [
    "rue de la Paix",
    "avenue des Champs-Élysées",
    "boulevard Saint-Germain",
    "rue Victor Hugo",
    "rue du Faubourg Saint-Honoré",
    "place Bellecour",
    "allée des Tilleuls",
    "chemin des Vignes",
]
FR_CITY = ["Paris", "Lyon", "Marseille", "Toulouse", "Nantes", "Bordeaux", "Lille", "Strasbourg"]


def address(rng: random.Random, region: str) -> str:
    if region == "US":
        city, st = rng.choice(US_CITY)
        apt = rng.choice(["", f", Apt {rng.randrange(1, 40)}", f" #{rng.randrange(100, 999)}"])
        return (
            f"{rng.randrange(10, 9999)} {rng.choice(US_STREETS)} {rng.choice(US_SUFFIX)}{apt}, "
            f"{city}, {st} {rng.randrange(10000, 99999)}"
        )
    if region == "UK":
        pc = (
            f"{rng.choice(['SW', 'NW', 'E', 'M', 'LS', 'BS', 'EH', 'CF'])}{rng.randrange(1, 20)} "
            f"{rng.randrange(1, 10)}{_rs(rng, 'ABDEFGHJLNPQRSTUWXYZ', 2)}"
        )
        return f"{rng.randrange(1, 250)} {rng.choice(UK_STREETS)}, {rng.choice(UK_CITY)} {pc}"
    if region == "DE":
        return f"{rng.choice(DE_STREETS)} {rng.randrange(1, 150)}, {rng.randrange(10000, 99999)} {rng.choice(DE_CITY)}"
    return (
        f"{rng.randrange(1, 150)} {rng.choice(FR_STREETS)}, {rng.randrange(10, 96)}{rng.randrange(0, 999):03d} "
        f"{rng.choice(FR_CITY)}"
    )


def public_ipv4(rng: random.Random) -> str:
    while True:
        a = rng.randrange(1, 224)
        if a in (10, 127, 100, 169, 172, 192, 198, 203, 0):
            continue
        return f"{a}.{rng.randrange(0, 256)}.{rng.randrange(0, 256)}.{rng.randrange(1, 255)}"


def public_ipv6(rng: random.Random) -> str:
    first = rng.choice(["2a03", "2600", "2607", "2a00", "2406", "2804", "2001:4860", "2a01"])
    groups = [f"{rng.randrange(0, 65536):x}" for _ in range(rng.randrange(1, 3))]
    tail = [f"{rng.randrange(1, 65536):x}" for _ in range(rng.randrange(1, 3))]
    return f"{first}:{':'.join(groups)}::{':'.join(tail)}"


def password(rng: random.Random) -> str:
    form = rng.randrange(4)
    if form == 0:
        return (
            f"{rng.choice(['Summer', 'Winter', 'Falcon', 'Tiger', 'Orange', 'Monkey'])}{rng.randrange(1970, 2030)}"
            f"{rng.choice('!@#$%&*')}{_rs(rng, B62, 2)}"
        )
    if form == 1:
        return _rs(rng, B62 + "!@#%^*-_+=", rng.randrange(12, 24))
    if form == 2:
        words = ["correct", "horse", "battery", "staple", "purple", "rocket", "granite", "velvet"]
        return "-".join(rng.sample(words, 3)) + str(rng.randrange(10, 99))
    return _rs(rng, B62, rng.randrange(16, 33))


def pem_body(rng: random.Random, lines: int) -> list[str]:
    raw = base64.b64encode(bytes(rng.randrange(256) for _ in range(48 * lines))).decode()
    return [raw[i : i + 64] for i in range(0, len(raw), 64)][:lines]


def jwt(rng: random.Random) -> str:
    def b64(obj: object) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")

    head = {"alg": rng.choice(["HS256", "RS256"]), "typ": "JWT"}
    body = {
        "sub": str(rng.randrange(10**6, 10**9)),
        "iat": rng.randrange(1_600_000_000, 1_800_000_000),
        "scope": rng.choice(["read", "admin", "user:write"]),
    }
    return f"{b64(head)}.{b64(body)}.{_rs(rng, B64URL, 43)}"


def aws_secret(rng: random.Random) -> str:
    return _rs(rng, B62 + "/+", 40)


# ---------------------------------------------------------------------------------------------
# categories: each yields (snippet, needles) from a template index; even index = dev family


# The rounds whose families are the holdout (each never tuned); every round before the first is dev.
HOLDOUT_ROUND = 18  # the oldest holdout round
HOLDOUT_ROUNDS: tuple[int, ...] = (18,)
ROUND5 = 5


def _in_pool(r: int, pool: Pool, round_no: int | None = None) -> bool:
    """Whether round ``r`` belongs to ``pool`` (and is ``round_no`` when one is asked for)."""
    if round_no is not None and r != round_no:
        return False
    return r < HOLDOUT_ROUND if pool == "dev" else r in HOLDOUT_ROUNDS


@dataclass(frozen=True)
class Category:
    name: str
    kind: Literal["secret", "pii"]
    make: Callable[[random.Random, int], tuple[str, list[str]]]
    rounds: tuple[int, ...]  # the round that wrote each template family, by template index
    # how many times it enters a draw cycle of the round that wrote it (``draws``): 1 for every
    # category of rounds 1 to 15 (their cases stay as they were); round 16's new kinds weigh more so
    # that they are half of its plants, round 17's so that they are about 40 % of its plants
    weight: int = 1

    @property
    def n_templates(self) -> int:
        return len(self.rounds)

    def draws(self, rounds: tuple[int, ...]) -> int:
        """How many times it enters a draw cycle of ``rounds``: its weight in a draw of the one round
        that wrote it (round 16 as the holdout drew it, round 16 alone as dev), else once (a round-16
        kind among round 17's families or in the whole dev pool weighs as any other)."""
        return self.weight if rounds == (self.rounds[0],) else 1

    def templates(self, pool: Pool, round_no: int | None = None) -> list[int]:
        """The template families of ``pool`` (of one of its rounds when ``round_no`` is given)."""
        return [t for t, r in enumerate(self.rounds) if _in_pool(r, pool, round_no)]


def _rounds(*counts: int) -> tuple[int, ...]:
    """Per-template rounds from the number of families each round wrote, round 1 first."""
    return tuple(r for r, n in enumerate(counts, start=1) for _ in range(n))


def _legacy(n: int, round4_from: int) -> tuple[int, ...]:
    # categories written as one list before round 4: [0, round4_from) are rounds 1-3 (labelled 3)
    return (3,) * round4_from + (4,) * (n - round4_from)


def _choose(templates: list[str], t: int, **kw: str) -> str:
    return templates[t % len(templates)].format(**kw)


def _single(
    templates: list[str], gen: Callable[[random.Random], str]
) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = gen(rng)
        return _choose(templates, t, v=v, vq=urllib.parse.quote(v, safe=""), u=username(rng)), [v]

    return make


CATS: list[Category] = []
GENS: dict[str, Callable[[random.Random], str]] = {}  # a one-value category's generator, for later rounds


def cat(
    name: str,
    kind: Literal["secret", "pii"],
    templates: list[str],
    gen: Callable[[random.Random], str],
    round2: list[str],
    round3: list[str],
    holdout: list[str],
) -> None:
    """``templates`` (round 1), ``round2``, ``round3`` and ``holdout`` (round 4) families; round 5
    adds its own with ``round5``."""
    GENS[name] = gen
    rounds = _rounds(len(templates), len(round2), len(round3), len(holdout))
    CATS.append(Category(name, kind, _single(templates + round2 + round3 + holdout, gen), rounds))


cat(
    "openai_key",
    "secret",
    [
        "OPENAI_API_KEY={v}",
        "my openai key is {v} but it says quota exceeded",
        'client = OpenAI(api_key="{v}")',
        'curl https://api.openai.com/v1/models -H "Authorization: Bearer {v}"',
        "export OPENAI_API_KEY='{v}'",
        "openai:\n  api_key: {v}\n  model: gpt-4o",
    ],
    lambda r: r.choice(
        [
            f"sk-proj-{_rs(r, B64URL, r.choice([48, 64, 120]))}",
            f"sk-{_rs(r, B62, 20)}T3BlbkFJ{_rs(r, B62, 20)}",
            f"sk-svcacct-{_rs(r, B64URL, 74)}",
        ]
    ),
    round2=[
        "    env:\n      OPENAI_API_KEY: {v}\n    steps:\n      - run: pytest",
        '$env:OPENAI_API_KEY = "{v}"',
        '[openai]\napi_key = "{v}"\norganization = "org-acme"',
        "hola, mi clave de openai es {v} y me da error 429",
        "| variable | value |\n|---|---|\n| OPENAI_API_KEY | {v} |",
        "services:\n  api:\n    environment:\n      - OPENAI_API_KEY={v}",
    ],
    round3=[
        "    - OPENAI_API_KEY={v}  # TODO rotate",
        'Dim Key As String = "{v}"',
        'openai_key := "{v}"',
    ],
    holdout=[
        'OpenAI::Client.new(access_token: "{v}")',
        "llm keys set openai\nEnter key: {v}",
        '"openai.apiKey": "{v}",',
    ],
)
cat(
    "anthropic_key",
    "secret",
    [
        "ANTHROPIC_API_KEY={v}",
        "the claude key {v} keeps returning 401",
        'anthropic.Anthropic(api_key="{v}")',
        "curl https://api.anthropic.com/v1/messages -H 'x-api-key: {v}' -H 'anthropic-version: 2023-06-01'",
    ],
    lambda r: f"sk-ant-{r.choice(['api03', 'admin01'])}-{_rs(r, B64URL, 93)}AA",
    round2=[
        '$env:ANTHROPIC_API_KEY="{v}"',
        'variable "anthropic_api_key" {{\n  type    = string\n  default = "{v}"\n}}',
        "ich habe den Schlüssel {v} in die .env gelegt, trotzdem 401",
        "anthropic.api-key={v}",
    ],
    round3=[
        'ANTHROPIC_API_KEY="{v}" python agent.py',
        'var client = new AnthropicClient("{v}");',
    ],
    holdout=[
        "ENV ANTHROPIC_API_KEY={v}",
        "x-api-key: {v}\nanthropic-version: 2023-06-01\ncontent-type: application/json",
        '{{"providers": {{"anthropic": {{"apiKey": "{v}"}}}}}}',
    ],
)
cat(
    "github_pat_classic",
    "secret",
    [
        "GITHUB_TOKEN={v}",
        "I created a PAT {v} with repo scope",
        "git clone https://{v}@github.com/{u}/infra.git",
        'curl -H "Authorization: token {v}" https://api.github.com/user/repos',
        "gh auth login --with-token <<< {v}",
    ],
    lambda r: f"{r.choice(['ghp', 'gho', 'ghs', 'ghu'])}_{_rs(r, B62, 36)}",
    round2=[
        "git clone https://{u}:{v}@github.com/{u}/dotfiles.git",
        "echo {v} | docker login ghcr.io -u {u} --password-stdin",
        "      env:\n        GH_TOKEN: {v}",
        "$env:GITHUB_TOKEN = '{v}'",
        "jeton généré : {v} (scope repo)",
    ],
    round3=[
        '[url "https://{v}@github.com/"]\n\tinsteadOf = https://github.com/',
        "leaked in the build log: {v}",
    ],
    holdout=[
        "machine github.com\n  login {u}\n  password {v}",
        'git config --global url."https://{u}:{v}@github.com/".insteadOf "https://github.com/"',
        "HOMEBREW_GITHUB_API_TOKEN={v} brew install --build-from-source gh",
    ],
)
cat(
    "github_pat_fine",
    "secret",
    [
        "GH_PAT={v}",
        "new fine-grained token: {v}",
        "      - uses: actions/checkout@v4\n        with:\n          token: {v}",
        "git remote set-url origin https://oauth2:{v}@github.com/acme/web.git",
    ],
    lambda r: f"github_pat_11{_rs(r, UPPER32, 20)}_{_rs(r, B62, 59)}",
    round2=[
        "gh secret set DEPLOY_TOKEN --body {v}",
        '[github]\ntoken = "{v}"',
        "export GITHUB_PAT={v}",
        "| name | token |\n|---|---|\n| ci-bot | {v} |",
    ],
    round3=[
        'terraform: github provider token = "{v}"',
        "GITHUB_TOKEN: {v}  # fine-grained, expires in 30d",
    ],
    holdout=[
        "GET /repos/acme/api/actions/runs HTTP/1.1\nAuthorization: Bearer {v}\nX-GitHub-Api-Version: 2022-11-28",
        'github_token = "{v}"\nrepository   = "acme/infra"',
        "printf %s {v} | gh auth login --with-token",
    ],
)
cat(
    "gitlab_pat",
    "secret",
    [
        "GITLAB_TOKEN={v}",
        'curl --header "PRIVATE-TOKEN: {v}" https://gitlab.com/api/v4/projects',
        "my gitlab token {v} stopped working after the upgrade",
        "git push https://gitlab-ci-token:{v}@gitlab.example.org/team/app.git",
    ],
    lambda r: f"glpat-{_rs(r, B64URL, 20)}",
    round2=[
        "git clone https://oauth2:{v}@gitlab.com/group/project.git",
        'variables:\n  GITLAB_API_TOKEN: "{v}"',
        "el token de gitlab es {v} pero ya caducó",
        '$env:GITLAB_TOKEN = "{v}"',
    ],
    round3=[
        "ci-token {v} still valid?",
        "url = https://gitlab-ci-token:{v}@gitlab.internal/api.git",
    ],
    holdout=[
        "glab auth login --hostname gitlab.com --token {v}",
        "machine gitlab.com login oauth2 password {v}",
        '{{"key": "PRIVATE-TOKEN", "value": "{v}", "type": "text"}}',
    ],
)
cat(
    "slack_token",
    "secret",
    [
        "SLACK_BOT_TOKEN={v}",
        "slack_client = WebClient(token='{v}')",
        "the bot token is {v}, channel is #deploys",
        'curl -X POST -H "Authorization: Bearer {v}" https://slack.com/api/chat.postMessage',
    ],
    lambda r: r.choice(
        [
            f"xoxb-{_rs(r, '0123456789', 12)}-{_rs(r, '0123456789', 13)}-{_rs(r, B62, 24)}",
            f"xoxp-{_rs(r, '0123456789', 11)}-{_rs(r, '0123456789', 12)}-{_rs(r, '0123456789', 13)}-{_rs(r, HEX, 32)}",
        ]
    ),
    round2=[
        "slack:\n  botToken: {v}\n  channel: deploys",
        '$env:SLACK_BOT_TOKEN = "{v}"',
        'curl -d "token={v}&channel=C0123ABCD&text=hi" https://slack.com/api/chat.postMessage',
        "[slack]\ntoken = {v}",
    ],
    round3=[
        'Dim slackToken = "{v}"',
        "SLACK_APP_TOKEN={v} node bot.js",
    ],
    holdout=[
        'slack_bot_token: "{v}"\nslack_channel: "#ops"',
        "curl 'https://slack.com/api/auth.test?token={v}&pretty=1'",
        'app.client.chat_postMessage(token="{v}", channel="C0123ABCD", text="done")',
    ],
)


def _slack_webhook(rng: random.Random, t: int) -> tuple[str, list[str]]:
    path = f"T{_rs(rng, UPPER32, 10)}/B{_rs(rng, UPPER32, 10)}/{_rs(rng, B62, 24)}"
    url = f"https://hooks.slack.com/services/{path}"
    return _choose(
        [
            "SLACK_WEBHOOK_URL={url}",
            "curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy done\"}}' {url}",
            "alerting posts to {url} but nothing shows up",
            'notify:\n  slack:\n    webhook: "{url}"',
            'webhook_url = "{url}"',
            'Invoke-RestMethod -Uri "{url}" -Method Post -Body $payload',
            "| channel | hook |\n|---|---|\n| #alerts | {url} |",
            "la URL del webhook es {url}",
            "hooks:\n  - {url}",
            'SLACK_URL="{url}" ./notify.sh',
            # round-4 holdout families
            'curl -X POST --data-urlencode \'payload={{"channel": "#ops", "text": "done"}}\' {url}',
            "ENV SLACK_WEBHOOK_URL={url}",
            'SLACK_WEBHOOK := {url}\nnotify:\n\tcurl -s -X POST -d \'{{"text":"$(MSG)"}}\' $(SLACK_WEBHOOK)',
        ],
        t,
        url=url,
    ), [path]


CATS.append(Category("slack_webhook", "secret", _slack_webhook, _legacy(13, 10)))


def _discord_webhook(rng: random.Random, t: int) -> tuple[str, list[str]]:
    tail = f"{_rs(rng, '0123456789', 19)}/{_rs(rng, B64URL, 68)}"
    url = f"https://{rng.choice(['discord.com', 'discordapp.com'])}/api/webhooks/{tail}"
    return _choose(
        [
            "DISCORD_WEBHOOK={url}",
            'requests.post("{url}", json={{"content": msg}})',
            "our discord hook is {url}",
            'curl -H "Content-Type: application/json" -d \'{{"content":"hi"}}\' {url}',
            "discord:\n  webhookUrl: {url}",
            '$hook = "{url}"',
            '[notifications]\ndiscord = "{url}"',
            "webhook: <{url}>",
            "<{url}> gives 404",
            'hook_url := "{url}"',
            # round-4 holdout families
            "ENV DISCORD_WEBHOOK_URL={url}",
            'webhook = DiscordWebhook(url="{url}", content="deploy ok")',
            "POST {url}?wait=true -> 204",
        ],
        t,
        url=url,
    ), [tail]


CATS.append(Category("discord_webhook", "secret", _discord_webhook, _legacy(13, 10)))

cat(
    "stripe_key",
    "secret",
    [
        "STRIPE_SECRET_KEY={v}",
        'stripe.api_key = "{v}"',
        "curl https://api.stripe.com/v1/charges -u {v}:",
        "the live key {v} got rotated?",
    ],
    lambda r: f"{r.choice(['sk_live', 'rk_live'])}_{_rs(r, B62, r.choice([24, 99]))}",
    round2=[
        "\\Stripe\\Stripe::setApiKey('{v}');",
        '$env:STRIPE_SECRET_KEY="{v}"',
        "stripe:\n  secretKey: {v}\n  currency: eur",
        "der Live-Schlüssel {v} wurde versehentlich committet",
    ],
    round3=[
        'Stripe.apiKey = "{v}";',
        'stripe_secret := "{v}"',
    ],
    holdout=[
        'curl https://api.stripe.com/v1/customers -H "Authorization: Bearer {v}"',
        "STRIPE_API_KEY={v} stripe listen --forward-to localhost:4242/webhook",
        'StripeConfiguration.ApiKey = "{v}";',
    ],
)


def _twilio(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sid, tok = "AC" + _rs(rng, HEX, 32), _rs(rng, HEX, 32)
    return _choose(
        [
            "TWILIO_ACCOUNT_SID={sid}\nTWILIO_AUTH_TOKEN={tok}",
            'client = Client("{sid}", "{tok}")',
            "curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json -u {sid}:{tok}",
            "account sid {sid} and auth token {tok}",
            "twilio:\n  accountSid: {sid}\n  authToken: {tok}",
            '$env:TWILIO_ACCOUNT_SID="{sid}"; $env:TWILIO_AUTH_TOKEN="{tok}"',
            "[twilio]\naccount_sid = {sid}\nauth_token = {tok}",
            "twilio.accountSid={sid}\ntwilio.authToken={tok}",
            "TWILIO_SID={sid} TWILIO_TOKEN={tok} python sms.py",
            "new Twilio('{sid}', '{tok}')",
            # round-4 holdout families
            'TwilioClient.Init("{sid}", "{tok}");',
            "http -a {sid}:{tok} POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Calls.json",
            'twilio_account_sid: "{sid}"\ntwilio_auth_token: "{tok}"',
        ],
        t,
        sid=sid,
        tok=tok,
    ), [sid, tok]


CATS.append(Category("twilio", "secret", _twilio, _legacy(13, 10)))
cat(
    "sendgrid_key",
    "secret",
    [
        "SENDGRID_API_KEY={v}",
        "sg = SendGridAPIClient('{v}')",
        "curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer {v}'",
        "sendgrid says the key {v} lacks mail.send",
    ],
    lambda r: f"SG.{_rs(r, B64URL, 22)}.{_rs(r, B64URL, 43)}",
    round2=[
        'sendgrid:\n  apiKey: "{v}"',
        "$env:SENDGRID_API_KEY='{v}'",
        "smtp relay: user apikey, password {v}",
        '<add key="SendGridApiKey" value="{v}" />',
    ],
    round3=[
        "SENDGRID_API_KEY={v} node send.js",
        "mail.sendgrid.key={v}",
    ],
    holdout=[
        "sgMail.setApiKey('{v}');",
        '"SendGrid": {{ "ApiKey": "{v}", "From": "noreply@acme.dev" }}',
        'EMAIL_HOST = "smtp.sendgrid.net"\nEMAIL_HOST_USER = "apikey"\nEMAIL_HOST_PASSWORD = "{v}"',
    ],
)
cat(
    "google_api_key",
    "secret",
    [
        "GOOGLE_API_KEY={v}",
        "https://maps.googleapis.com/maps/api/geocode/json?address=berlin&key={v}",
        'genai.configure(api_key="{v}")',
        "the maps key {v} is restricted to our referrer",
    ],
    lambda r: f"AIza{_rs(r, B64URL, 35)}",
    round2=[
        'const firebaseConfig = {{ apiKey: "{v}", authDomain: "acme-app.firebaseapp.com" }};',
        "curl 'https://generativelanguage.googleapis.com/v1beta/models?key={v}'",
        'google_maps_api_key = "{v}"',
        "der Maps-Key ist {v}, eingeschränkt auf unsere Domain",
    ],
    round3=[
        '<meta-data android:name="com.google.android.geo.API_KEY" android:value="{v}"/>',
        'GoogleMaps.init("{v}")',
    ],
    holdout=[
        '<string name="google_maps_key" templateMergeStrategy="preserve" translatable="false">{v}</string>',
        '<script src="https://maps.googleapis.com/maps/api/js?key={v}&callback=initMap" async></script>',
        '"android": {{ "config": {{ "googleMaps": {{ "apiKey": "{v}" }} }} }}',
    ],
)


def _gcp_sa(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 25)
    kid = _rs(rng, HEX, 40)
    pk = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n"
    project = rng.choice(["acme-prod", "data-lake-341", "ml-sandbox"])
    obj = {
        "type": "service_account",
        "project_id": project,
        "private_key_id": kid,
        "private_key": pk,
        "client_email": f"deployer@{project}.iam.gserviceaccount.com",
        "client_id": _rs(rng, "0123456789", 21),
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    if t >= 10:  # round-4 holdout families: YAML values, a Secret's base64 `data:`
        if t == 10:
            yaml_pk = "\n".join(["-----BEGIN PRIVATE KEY-----", *body, "-----END PRIVATE KEY-----"])
            text = (
                f"gcp:\n  serviceAccount:\n    type: service_account\n    project_id: {project}\n"
                f"    private_key_id: {kid}\n    private_key: |\n      "
                + yaml_pk.replace("\n", "\n      ")
                + f"\n    client_email: deployer@{project}.iam.gserviceaccount.com"
            )
            return text, [kid, *body]
        b64 = base64.b64encode(json.dumps(obj, indent=2).encode()).decode()
        return f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: gcp-sa\ndata:\n  key.json: {b64}", [b64]
    if t >= 8:  # round-3 families (dev since round 4)
        text = [
            "export GOOGLE_CREDENTIALS=" + json.dumps(json.dumps(obj)),
            "```json\n" + json.dumps(obj, indent=4) + "\n```",
        ][t - 8]
        return text, [kid, *body]
    if t >= 4:  # round-2 families (dev)
        pretty = json.dumps(obj, indent=2)
        text = [
            "stringData:\n  credentials.json: |\n    " + pretty.replace("\n", "\n    "),
            'resource "google_secret" "sa" {\n  credentials = <<EOF\n' + pretty + "\nEOF\n}",
            "info = " + repr(obj) + "\ncreds = service_account.Credentials.from_service_account_info(info)",
            f"$env:GCP_SA_KEY = '{json.dumps(obj)}'",
        ][t - 4]
        return text, [kid, *body]
    text = json.dumps(obj, indent=2) if t % 2 == 0 else json.dumps(obj)
    if t % 4 >= 2:
        text = f"GOOGLE_APPLICATION_CREDENTIALS_JSON='{json.dumps(obj)}'"
    return text, [kid, *body]


CATS.append(Category("gcp_service_account", "secret", _gcp_sa, _legacy(12, 10)))


def _azure(rng: random.Random, t: int) -> tuple[str, list[str]]:
    key = base64.b64encode(bytes(rng.randrange(256) for _ in range(64))).decode()
    acct = rng.choice(["acmestorage", "datalakeprod", "mediablobs01"])
    cs = f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net"
    return _choose(
        [
            'AZURE_STORAGE_CONNECTION_STRING="{cs}"',
            "az storage blob upload --account-name {acct} --account-key {key} -c backups -f db.dump",
            'BlobServiceClient.from_connection_string("{cs}")',
            'az storage container list --account-name {acct} --account-key "{key}"',
            "the storage key is {key}",
            '"ConnectionStrings": {{ "Storage": "{cs}" }}',
            '$env:AZURE_STORAGE_KEY = "{key}"',
            "storage:\n  accountName: {acct}\n  accountKey: {key}",
            'storage_account_access_key = "{key}"',
            "key1   {key}   FULL",
            '<add name="Blobs" connectionString="{cs}" />',
            "AccountKey: {key}",
            "azcopy login --account-key {key}",
            # round-4 holdout families
            '[\n  {{\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "{key}"\n  }}\n]',
            '{{\n  "IsEncrypted": false,\n  "Values": {{\n    "AzureWebJobsStorage": "{cs}",\n'
            '    "FUNCTIONS_WORKER_RUNTIME": "python"\n  }}\n}}',
            "export AZURE_STORAGE_ACCOUNT={acct} AZURE_STORAGE_KEY={key}",
        ],
        t,
        cs=cs,
        key=key,
        acct=acct,
    ), [key]


CATS.append(Category("azure_storage", "secret", _azure, _legacy(16, 13)))


def _aws(rng: random.Random, t: int) -> tuple[str, list[str]]:
    akid = rng.choice(["AKIA", "ASIA"]) + _rs(rng, UPPER32, 16)
    sec = aws_secret(rng)
    u = username(rng)
    return _choose(
        [
            "[default]\naws_access_key_id = {a}\naws_secret_access_key = {s}",
            "User name,Password,Access key ID,Secret access key,Console login link\n{u},,{a},{s},https://123456789012.signin.aws.amazon.com/console",
            "AWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={s}",
            "my access key is {a} and the secret is {s}, what's wrong with the policy?",
            "boto3.client('s3', aws_access_key_id='{a}', aws_secret_access_key='{s}')",
            "Access key ID,Secret access key\n{a},{s}",
            '$env:AWS_ACCESS_KEY_ID="{a}"\n$env:AWS_SECRET_ACCESS_KEY="{s}"',
            'provider "aws" {{\n  region     = "eu-west-1"\n  access_key = "{a}"\n  secret_key = "{s}"\n}}',
            "    environment:\n      - AWS_ACCESS_KEY_ID={a}\n      - AWS_SECRET_ACCESS_KEY={s}",
            "| key id | secret |\n|---|---|\n| {a} | {s} |",
            "aws configure set aws_access_key_id {a} && aws configure set aws_secret_access_key {s}",
            "aws.accessKeyId={a}\naws.secretKey={s}",
            "export AWS_ACCESS_KEY_ID={a} AWS_SECRET_ACCESS_KEY={s}",
            "key: {a}\nsecret: {s}",
            # round-4 holdout families
            '{{\n    "AccessKey": {{\n        "UserName": "ci-deployer",\n        "AccessKeyId": "{a}",\n'
            '        "Status": "Active",\n        "SecretAccessKey": "{s}"\n    }}\n}}',
            "[default]\naccess_key = {a}\nsecret_key = {s}\nhost_base = s3.amazonaws.com",
            "[s3]\ntype = s3\nprovider = AWS\naccess_key_id = {a}\nsecret_access_key = {s}",
            'aws_access_key_id: "{a}"\naws_secret_access_key: "{s}"',
        ],
        t,
        a=akid,
        s=sec,
        u=u,
    ), [akid, sec]


CATS.append(Category("aws_keys", "secret", _aws, _legacy(18, 14)))
cat(
    "npm_token",
    "secret",
    [
        "//registry.npmjs.org/:_authToken={v}",
        "NPM_TOKEN={v}",
        "npm publish fails with token {v}",
        'echo "//registry.npmjs.org/:_authToken={v}" > ~/.npmrc',
    ],
    lambda r: f"npm_{_rs(r, B62, 36)}",
    round2=[
        "npm config set //registry.npmjs.org/:_authToken {v}",
        'npmRegistryServer: "https://registry.npmjs.org"\nnpmAuthToken: "{v}"',
        "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: {v}",
        "$env:NPM_TOKEN = '{v}'",
    ],
    round3=[
        "_auth_token={v}",
        "NPM_CONFIG_//registry.npmjs.org/:_authToken={v}",
    ],
    holdout=[
        '@acme:registry=https://registry.acme.dev/npm/\n//registry.acme.dev/npm/:_authToken="{v}"',
        "ARG NPM_TOKEN={v}\nRUN npm ci",
        '[install.registry]\nurl = "https://registry.npmjs.org"\ntoken = "{v}"',
    ],
)
cat(
    "pypi_token",
    "secret",
    [
        "[pypi]\n  username = __token__\n  password = {v}",
        "TWINE_PASSWORD={v}",
        "twine upload -u __token__ -p {v} dist/*",
        "uv publish --token {v}",
    ],
    lambda r: f"pypi-AgEIcHlwaS5vcmc{_rs(r, B64URL, r.choice([50, 140]))}",
    round2=[
        "poetry config pypi-token.pypi {v}",
        "      - uses: pypa/gh-action-pypi-publish@release/v1\n        with:\n          password: {v}",
        "UV_PUBLISH_TOKEN={v} uv publish",
        "$env:TWINE_PASSWORD = '{v}'",
    ],
    round3=[
        "[distutils]\nindex-servers = pypi\n[pypi]\npassword: {v}",
        "PYPI_API_TOKEN: {v}",
    ],
    holdout=[
        "export POETRY_PYPI_TOKEN_PYPI={v}",
        "hatch publish -u __token__ -a {v}",
        "FLIT_USERNAME=__token__ FLIT_PASSWORD={v} flit publish",
    ],
)
cat(
    "jwt",
    "secret",
    [
        "Authorization: Bearer {v}",
        "the token {v} decodes fine on jwt.io but the API says invalid signature",
        "curl -H 'Authorization: Bearer {v}' http://localhost:8000/api/me",
        'document.cookie = "session={v}"',
        "https://app.internal/callback#access_token={v}&token_type=bearer",
    ],
    jwt,
    round2=[
        "Cookie: theme=dark; auth_token={v}; lang=en",
        "localStorage.setItem('id_token', '{v}')",
        "http :8080/api/me 'Authorization:Bearer {v}'",
        "| header | value |\n|---|---|\n| Authorization | Bearer {v} |",
        "wss://realtime.internal/socket?jwt={v}",
    ],
    round3=[
        "Set-Cookie: sid={v}; HttpOnly; Secure",
        "curl -b 'jwt={v}' https://api.internal/me",
    ],
    holdout=[
        '{{"type": "connection_init", "payload": {{"Authorization": "Bearer {v}"}}}}',
        '"GET /api/export?format=csv&token={v} HTTP/1.1" 200 18211',
        "grpcurl -H 'authorization: Bearer {v}' api.internal:443 list",
    ],
)
cat(
    "oauth_ya29",
    "secret",
    [
        "GOOGLE_OAUTH_TOKEN={v}",
        'curl -H "Authorization: Bearer {v}" https://www.googleapis.com/drive/v3/files',
        "gcloud auth print-access-token gave me {v}",
        "creds.token = '{v}'",
    ],
    lambda r: f"ya29.{_rs(r, B64URL, r.choice([120, 160, 200]))}",
    round2=[
        "access_token={v}&expires_in=3599&token_type=Bearer",
        '{{"access_token": "{v}", "expires_in": 3599, "token_type": "Bearer"}}',
        'req.Header.Set("Authorization", "Bearer {v}")',
        "$env:GOOGLE_OAUTH_ACCESS_TOKEN = '{v}'",
    ],
    round3=[
        "google-oauth: {v}",
        'creds = Credentials(token="{v}")',
    ],
    holdout=[
        '{{"name": "authorization", "value": "Bearer {v}"}}',
        "GOOGLE_OAUTH_ACCESS_TOKEN={v} terraform plan",
        "https://www.googleapis.com/oauth2/v3/tokeninfo?access_token={v}",
    ],
)


def _pem(rng: random.Random, t: int) -> tuple[str, list[str]]:
    label = rng.choice(
        ["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY"]
    )
    truncated = t % 2 == 1 or rng.random() < 0.3
    body = pem_body(rng, rng.randrange(3, 8) if truncated else rng.randrange(12, 26))
    head = f"-----BEGIN {label}-----\n" + "\n".join(body)
    forms = [
        head + (f"\n-----END {label}-----" if not truncated else "\n..."),
        "here's the key file (cut):\n" + head + ("\n[truncated]" if truncated else f"\n-----END {label}-----"),
        "ssh_key: |\n  " + head.replace("\n", "\n  ") + ("" if truncated else f"\n  -----END {label}-----"),
        "cat deploy_key\n" + head + ("\n…" if truncated else f"\n-----END {label}-----"),
        # round-2 families (dev)
        "tls:\n  key: |\n    " + head.replace("\n", "\n    ") + ("" if truncated else f"\n    -----END {label}-----"),
        '{"private_key": "' + head.replace("\n", "\\n") + ("" if truncated else f"\\n-----END {label}-----\\n") + '"}',
        "private_key = <<EOT\n" + head + ("" if truncated else f"\n-----END {label}-----") + "\nEOT",
        'echo "' + head + ("\n..." if truncated else f"\n-----END {label}-----") + '" > ~/.ssh/id_deploy',
        # round-3 families (dev since round 4)
        'PRIVATE_KEY="' + head.replace("\n", "\\n") + ("" if truncated else f"\\n-----END {label}-----") + '"',
        "- key: |-\n    " + head.replace("\n", "\n    ") + ("" if truncated else f"\n    -----END {label}-----"),
        # round-4 holdout families: a Python string concatenation, a multi-line env value, `vault kv get`
        "KEY = (\n"
        + "".join(f'    "{ln}\\n"\n' for ln in head.split("\n"))
        + ("    # …\n)" if truncated else f'    "-----END {label}-----\\n"\n)'),
        'SSH_PRIVATE_KEY="' + head + ("\n..." if truncated else f"\n-----END {label}-----") + '"',
        "====== Data ======\nKey            Value\n---            -----\nprivate_key    "
        + head
        + ("" if truncated else f"\n-----END {label}-----")
        + "\nusername       deploy",
    ]
    return forms[t], body


CATS.append(Category("pem_private_key", "secret", _pem, _legacy(13, 10)))


def _pw_url(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw, u = password(rng), _ascii_slug(rng.choice(FIRST))
    pwq = urllib.parse.quote(pw, safe="")
    host = rng.choice(["db.internal", "10.0.3.14", "prod-db.c9xk.eu-west-1.rds.amazonaws.com", "cache-01"])
    return _choose(
        [
            "DATABASE_URL=postgres://{u}:{pwq}@{host}:5432/app",
            "redis://:{pwq}@{host}:6379/0",
            "mongodb+srv://{u}:{pwq}@cluster0.ab12c.mongodb.net/?retryWrites=true",
            'sqlalchemy.create_engine("mysql+pymysql://{u}:{pwq}@{host}/shop")',
            "amqp://{u}:{pwq}@{host}:5672/%2F",
            "celery broker is redis://default:{pwq}@{host}:6380 and it times out",
            'psql "postgresql://{u}:{pwq}@{host}:5432/app?sslmode=require"',
            "jdbc:postgresql://{host}:5432/app?user={u}&password={pwq}",
            "git clone https://{u}:{pwq}@git.internal.example/team/app.git",
            "ftp://{u}:{pwq}@{host}/upload",
            "  url: postgresql+asyncpg://{u}:{pwq}@{host}/analytics",
            "MAIL_URL=smtp://{u}:{pwq}@smtp.mailgun.org:587",
            "spring.data.mongodb.uri=mongodb://{u}:{pwq}@{host}:27017/app",
            "sftp://{u}:{pwq}@{host}/in",
            # round-4 holdout families
            "http_proxy=http://{u}:{pwq}@proxy.corp:3128",
            "[global]\nindex-url = https://{u}:{pwq}@pypi.acme.internal/simple/",
            "clickhouse://{u}:{pwq}@{host}:9000/default",
            "nats://{u}:{pwq}@{host}:4222",
        ],
        t,
        u=u,
        pwq=pwq,
        host=host,
    ), [pw, pwq]


CATS.append(Category("password_url", "secret", _pw_url, _legacy(18, 14)))
cat(
    "password_env",
    "secret",
    [
        "DB_PASS={v}",
        "export PGPASSWORD='{v}'",
        'MYSQL_ROOT_PASSWORD: "{v}"',
        "POSTGRES_PASSWORD={v}\nPOSTGRES_USER={u}",
        'SMTP_PASSWORD="{v}"',
        "ADMIN_PASS: {v}",
    ],
    password,
    round2=[
        '$env:DB_PASSWORD = "{v}"',
        '[database]\nuser = "{u}"\npassword = "{v}"',
        "[client]\nuser={u}\npasswd={v}",
        "    environment:\n      - POSTGRES_PASSWORD={v}\n      - POSTGRES_DB=app",
        "postgresql:\n  auth:\n    username: {u}\n    password: {v}",
        "      env:\n        REDIS_PASSWORD: {v}",
        "spring.datasource.username={u}\nspring.datasource.password={v}",
        'resource "aws_db_instance" "main" {{\n  username = "{u}"\n  password = "{v}"\n}}',
    ],
    round3=[
        "DB_PASSWORD ?= {v}",
        "set PGPASSWORD={v}",
        'Environment="REDIS_PASS={v}"',
        "  db_pass: !!str {v}",
    ],
    holdout=[
        "db.internal:5432:*:{u}:{v}",
        'ansible_become_password: "{v}"',
        "ARG DB_PASSWORD={v}\nENV DB_PASSWORD=${{DB_PASSWORD}}",
        "set -gx DB_PASSWORD {v}",
    ],
)
cat(
    "password_cli",
    "secret",
    [
        "mysql -u root -p{v} -h 127.0.0.1 shop",
        "redis-cli -h cache-01 -a '{v}' ping",
        "sshpass -p '{v}' ssh deploy@build-host",
        "mysqldump --user=admin --password='{v}' prod > prod.sql",
        "docker login -u {u} -p {v} registry.gitlab.com",
        "redis-cli -a {v} --no-auth-warning INFO",
    ],
    password,
    round2=[
        "curl -u {u}:{v} https://nexus.internal/service/rest/v1/repositories",
        "docker login --username {u} --password {v} ghcr.io",
        'psql "host=db.internal user={u} password={v} dbname=app sslmode=require"',
        "mongosh --username {u} --password '{v}' --authenticationDatabase admin",
        "ldapsearch -x -D 'cn=admin,dc=acme,dc=io' -w '{v}' -b dc=acme,dc=io",
        "wget --user={u} --password='{v}' https://files.internal/dump.sql.gz",
        "PGPASSWORD='{v}' psql -h db.internal -U {u} app",
    ],
    round3=[
        "mysqladmin -uroot --password={v} status",
        "rabbitmqctl add_user {u} '{v}'",
        "net use Z: \\\\fs01\\share /user:{u} {v}",
        "echo '{v}' | sudo -S systemctl restart api",
    ],
    holdout=[
        "smbclient //fs01/share -U {u}%{v}",
        "htpasswd -b -c .htpasswd {u} '{v}'",
        "keytool -genkeypair -alias app -keystore app.jks -storepass {v} -keyalg RSA",
        "xfreerdp /u:{u} /p:'{v}' /v:10.0.0.5",
    ],
)
cat(
    "password_xml",
    "secret",
    [
        "<username>admin</username>\n<password>{v}</password>",
        "<server><id>nexus</id><username>deploy</username><password>{v}</password></server>",
        '<add key="ClearTextPassword" value="{v}" />',
        '<property name="hibernate.connection.password">{v}</property>',
    ],
    password,
    round2=[
        '<connectionStrings>\n  <add name="Db" connectionString="Server=sql01;Database=App;'
        'User Id={u};Password={v};" />\n</connectionStrings>',
        '<entry key="db.password">{v}</entry>',
        "<Credentials>\n  <UserName>{u}</UserName>\n  <Password>{v}</Password>\n</Credentials>",
        '<input type="password" name="pwd" value="{v}">',
        '<env name="DB_PASSWORD" value="{v}"/>',
        '<datasource jndi-name="java:/AppDS">\n  <security><user-name>{u}</user-name>'
        "<password>{v}</password></security>\n</datasource>",
    ],
    round3=[
        "<jdbc-password>{v}</jdbc-password>",
        '<Setting Name="DbPassword" Value="{v}" />',
        "<secret>{v}</secret>",
    ],
    holdout=[
        "<wsse:UsernameToken><wsse:Username>{u}</wsse:Username>"
        '<wsse:Password Type="#PasswordText">{v}</wsse:Password></wsse:UsernameToken>',
        '<user username="{u}" password="{v}" roles="manager-gui,admin-gui"/>',
        '<bean id="ds" class="com.zaxxer.hikari.HikariDataSource">\n  <property name="password" value="{v}"/>\n</bean>',
    ],
)


def _k8s(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng) if rng.random() < 0.5 else _rs(rng, B62, 32)
    name = rng.choice(["DB_PASSWORD", "API_TOKEN", "REDIS_PASSWORD", "JWT_SECRET", "SECRET_KEY"])
    return _choose(
        [
            '        env:\n        - name: {n}\n          value: "{v}"',
            "env:\n  - name: {n}\n    value: {v}\n  - name: LOG_LEVEL\n    value: info",
            '[{{"name": "{n}", "value": "{v}"}}, {{"name": "PORT", "value": "8080"}}]',
            "stringData:\n  {nl}: {v}",
            "kubectl create secret generic app --from-literal={nl}={v}",
            "helm upgrade api ./chart --set env.{n}={v}",
            '    environment:\n      {n}: "{v}"',
            '{{"Name": "{n}", "Value": "{v}"}}',
            "kubectl set env deployment/api {n}={v}",
            '  - {{name: {n}, value: "{v}"}}',
            "--env {n}={v}",
            # round-4 holdout families
            "secretGenerator:\n- name: app\n  literals:\n  - {n}={v}",
            "printf '{v}' | docker secret create {nl} -",
            "apiVersion: v1\nkind: Secret\ntype: Opaque\ndata:\n  {nl}: {vb}",
        ],
        t,
        n=name,
        v=v,
        nl=name.lower(),
        vb=base64.b64encode(v.encode()).decode(),  # a Secret's `data:` holds base64
    ), [v, base64.b64encode(v.encode()).decode()]


CATS.append(Category("password_k8s", "secret", _k8s, _legacy(14, 11)))


def _code_env(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = rng.choice([_rs(rng, B62, 32), _rs(rng, HEX, 40), password(rng)])
    name = rng.choice(["SERVICE_TOKEN", "X_TOKEN", "HF_TOKEN", "WEBHOOK_SECRET", "INTERNAL_API_KEY", "SIGNING_KEY"])
    return _choose(
        [
            'os.environ["{n}"] = "{v}"',
            "process.env.{n} = '{v}';",
            "os.environ.setdefault('{n}', '{v}')",
            '{nl} = "{v}"  # TODO move to vault',
            "ENV {n}={v}",
            'const {nl} = "{v}";',
            'os.Setenv("{n}", "{v}")',
            'std::env::set_var("{n}", "{v}");',
            'Environment.SetEnvironmentVariable("{n}", "{v}");',
            "ENV['{n}'] = '{v}'",
            "putenv('{n}={v}');",
            "{n}={v} ./run.sh",
            'export const {n} = "{v}";',
            'System.setProperty("{n}", "{v}");',
            # round-4 holdout families
            'app.config["{n}"] = "{v}"',
            'var {nl} = []byte("{v}")',
            'private static final String {n} = "{v}";',
            "define('{n}', '{v}');",
        ],
        t,
        n=name,
        v=v,
        nl=name.lower(),
    ), [v]


CATS.append(Category("password_code", "secret", _code_env, _legacy(18, 14)))


def _pw_prose(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw, u = password(rng), rng.choice(["admin", "root", "deploy", username(rng)])
    return _choose(
        [
            "the login is {u} / {pw}",
            "username: {u} password: {pw}",
            "creds for staging are {u}:{pw} (don't share)",
            "I reset the password to {pw} and it still fails",
            "login: {u}\npass: {pw}",
            "the wifi password is {pw}",
            "the new password for {u} is now {pw}",
            "changed the admin pwd to {pw} yesterday",
            "la contraseña es {pw}",
            "das Passwort lautet {pw}",
            "le mot de passe est {pw}",
            "user {u}, passphrase {pw}",
            "pw: {pw}",
            "@here staging db password → {pw}",
            "the {u} account password: {pw}",
            "pass is {pw} for now",
            "new pwd = {pw}",
            # round-4 holdout families
            "la password è {pw}",
            "パスワード: {pw}",
            "het wachtwoord is {pw}",
            "try logging in as {u} with {pw}",
        ],
        t,
        u=u,
        pw=pw,
    ), [pw]


CATS.append(Category("password_prose", "secret", _pw_prose, _legacy(21, 17)))

# --- PII


def _email(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = email(rng)
    return _choose(
        [
            "please email {v} when it's done",
            'git config user.email "{v}"',
            "commit 3f9e1a2\nAuthor: Build Bot <{v}>",
            '{{"user": {{"email": "{v}", "active": true}}}}',
            "send the report to {v}",
            "Reply-To: {v}",
            "id,email,plan\n{i},{v},pro",
            "?email={vq}&next=/dashboard",
            "mailto:{v}?subject=bug",
            '$env:GIT_AUTHOR_EMAIL = "{v}"',
            "| user | role |\n|---|---|\n| {v} | admin |",
            "git log --author={v}",
            "Co-authored-by: Bot <{v}>",
            "2024-03-12 WARN login failed for user={v}",
            "écrivez-moi à {v}",
            "ping me on {v}",
            "<email>{v}</email>",
            "user: {v} (locked out)",
            # round-4 holdout families
            'maintainers = [{{ email = "{v}" }}]',
            'LABEL maintainer="{v}"',
            "[user]\n\tname = ci\n\temail = {v}",
            "SELECT id FROM users WHERE email = '{v}';",
        ],
        t,
        v=v,
        vq=urllib.parse.quote(v, safe=""),
        i=str(rng.randrange(100, 9999)),
    ), [v]


CATS.append(Category("email", "pii", _email, _legacy(22, 18)))

for _region in ("US", "GB", "DE", "FR", "IN", "BR"):

    def _mk_phone(rng: random.Random, t: int, region: str = _region) -> tuple[str, list[str]]:
        v = phone(rng, region)
        return _choose(
            [
                "call me at {v} if the deploy breaks",
                '"phone": "{v}"',
                "name,phone\nsupport,{v}",
                "my number is {v}",
                "Tel: {v}",
                "contact={vq}",
                "| team | phone |\n|---|---|\n| support | {v} |",
                'phone_number = "{v}"',
                "mobile: {v}",
                "ruf mich an unter {v}",
                "WhatsApp {v}",
                "<phone>{v}</phone>",
                "phone={v}",
                "emergency contact {v}",
            ],
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
        ), [v]

    CATS.append(Category(f"phone_{_region.lower()}", "pii", _mk_phone, _legacy(18, 14)))

cat(
    "credit_card",
    "pii",
    [
        "card number {v} exp 09/27",
        '{{"card": "{v}", "cvc": "123"}}',
        "the test charge with {v} was declined in prod",
        "cc,amount\n{v},49.99",
    ],
    card,
    round2=[
        "| customer | card |\n|---|---|\n| 1042 | {v} |",
        "card_number={v}&exp_month=09&exp_year=2027",
        "<CardNumber>{v}</CardNumber>",
        "Karte {v}, gültig bis 08/28",
    ],
    round3=[
        "pan: {v}",
        "refund to card {v} please",
    ],
    holdout=[
        "INSERT INTO payments (order_id, card_no) VALUES (1042, '{v}');",
        "card%5Bnumber%5D={vq}&card%5Bcvc%5D=314",
        "numéro de carte : {v}",
    ],
)
cat(
    "iban",
    "pii",
    [
        "IBAN: {v}",
        "please wire it to {v}",
        '"iban": "{v}"',
        "payee,iban\nAcme GmbH,{v}",
    ],
    iban,
    round2=[
        "IBAN {v} (BIC DEUTDEFFXXX)",
        "<IBAN>{v}</IBAN>",
        "bank_account: {v}",
        "virement vers {v} svp, merci",
    ],
    round3=[
        "Konto: {v}",
        "IBAN\t{v}",
    ],
    holdout=[
        'creditor_iban: "{v}"',
        "INSERT INTO payouts (vendor_id, iban) VALUES (77, '{v}');",
        "rekeningnummer: {v}",
    ],
)
cat(
    "ssn",
    "pii",
    [
        "SSN: {v}",
        "my social security number is {v}",
        '"ssn": "{v}"',
        "applicant_ssn={v}",
    ],
    ssn,
    round2=[
        "| field | value |\n|---|---|\n| ssn | {v} |",
        "<SSN>{v}</SSN>",
        "social security no. {v} on the W-2",
        "tax id (SSN): {v}",
    ],
    round3=[
        "SSN#: {v}",
        "soc sec {v}",
    ],
    holdout=[
        "employee_id,ssn\n1042,{v}",
        '"socialSecurityNumber": "{v}"',
        "my SSN's {v}, is that needed for the W-9?",
    ],
)
cat(
    "date_of_birth",
    "pii",
    [
        "DOB: {v}",
        "born on {v}",
        '"date_of_birth": "{v}"',
        "my date of birth is {v}",
        "birthdate={v}",
        "Geburtsdatum: {v}",
    ],
    dob,
    round2=[
        "| dob | {v} |",
        "birthday: {v}",
        "né le {v} à Lyon",
        "<BirthDate>{v}</BirthDate>",
        "D.O.B. {v}",
        "geboren am {v}",
    ],
    round3=[
        'dateOfBirth = "{v}"',
        "fecha de nacimiento: {v}",
    ],
    holdout=[
        '"birthDate": "{v}"',
        "data di nascita: {v}",
        "date of birth (as on passport): {v}",
        "geb. {v}",
    ],
)
for _region in ("US", "UK", "DE", "FR"):

    def _mk_addr(rng: random.Random, t: int, region: str = _region) -> tuple[str, list[str]]:
        v = address(rng, region)
        return _choose(
            [
                "ship it to {v} please",
                '"address": "{v}"',
                "my address is {v}",
                "Address: {v}",
                "| field | value |\n|---|---|\n| address | {v} |",
                'shipping_address = "{v}"',
                "billing address was {v}",
                "I live at {v}",
                "Lieferadresse: {v}",
                'address = "{v}"',
            ],
            t,
            v=v,
        ), [v]

    CATS.append(Category(f"address_{_region.lower()}", "pii", _mk_addr, _legacy(14, 10)))

cat(
    "ipv4",
    "pii",
    [
        "ssh root@{v} hangs",
        "my home IP is {v}, can you whitelist it",
        '{v} - - [12/Mar/2024:10:01:22 +0000] "GET /login HTTP/1.1" 200 512',
        '"client_ip": "{v}"',
    ],
    public_ipv4,
    round2=[
        "Failed password for root from {v} port 52144 ssh2",
        "X-Forwarded-For: {v}",
        "allow {v};\ndeny all;",
        "| host | ip |\n|---|---|\n| vpn-exit | {v} |",
    ],
    round3=[
        "Accepted publickey for deploy from {v} port 50211",
        "client {v} exceeded rate limit",
    ],
    holdout=[
        "sudo ufw allow from {v} to any port 22",
        "iptables -A INPUT -s {v} -j DROP",
        "CF-Connecting-IP: {v}",
        "ALLOWED_IPS={v}/32",
    ],
)
cat(
    "ipv6",
    "pii",
    [
        "my ipv6 is {v}",
        "ping6 {v}",
        "[{v}]:443 refused",
        '"remote_addr": "{v}"',
    ],
    public_ipv6,
    round2=[
        "X-Real-IP: {v}",
        "Connection from {v} port 50122 on 10.0.0.4 port 22",
        "AAAA record points to {v}",
        "| v6 | {v} |",
    ],
    round3=[
        "listen [{v}]:8443;",
        "from={v} proto=tcp",
    ],
    holdout=[
        "ip6tables -A INPUT -s {v} -j ACCEPT",
        'Forwarded: for="[{v}]";proto=https',
        "peer {v} sent a RST",
    ],
)


def _name(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = person_name(rng)
    return _choose(
        [
            "my colleague {v} said the migration is safe",
            "Author: {v} <bot@noreply>",
            "cc {v} on the PR please",
            '"assignee": "{v}"',
            "Thanks, {v}",
            "Signed-off-by: {v}",
            "ask {v} about the billing code",
            "owner,team\n{v},payments",
            "Reviewed-by: {v}",
            "{v} approved the PR but CI is red",
            "@channel {v} is on call this week",
            "| name | team |\n|---|---|\n| {v} | backend |",
            "From: {v}\nSubject: deploy",
            "per {v}'s comment, we keep the old API",
            "Best regards,\n{v}",
            "laut {v} ist das Feature fertig",
            "[10:42] {v}: can someone restart staging?",
            '"displayName": "{v}"',
            "Approved-by: {v}",
            "{v} (PM) asked for this",
            "hi {v}, quick question",
            "<author>{v}</author>",
            # round-4 holdout families
            "INSERT INTO contacts (label, phone) VALUES ('support', '{v}');",
            "BEGIN:VCARD\nVERSION:3.0\nTEL;TYPE=cell:{v}\nEND:VCARD",
            '<a href="tel:{v}">call us</a>',
            "text me at {v} when it's back up",
            # round-4 holdout families
            "deliver to: {v}",
            '"shipping": {{"address1": "{v}", "country_code": null}}',
            "Postanschrift: {v}",
            "the invoice still shows my old flat, {v}",
            # round-4 holdout families
            "# Maintainer: {v}",
            'authors = [{{ name = "{v}" }}]',
            "Requested by {v} via the service desk",
            "Kunde: {v}",
            "nom du client : {v}",
        ],
        t,
        v=v,
    ), [v]


CATS.append(Category("person_name", "pii", _name, _legacy(27, 22)))


def _winpath(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = person_name(rng) if rng.random() < 0.6 else rng.choice(FIRST) + rng.choice(LAST)[:1]
    return _choose(
        [
            "C:\\Users\\{v}\\AppData\\Local\\Programs\\Python\\Python311\\python.exe",
            "PS C:\\Users\\{v}\\source\\repos\\api> dotnet build",
            '  File "C:\\Users\\{v}\\projects\\tool\\main.py", line 12, in <module>',
            "npm ERR! path C:\\Users\\{v}\\Desktop\\site\\package.json",
            "PS C:\\Users\\{v}> Get-ChildItem",
            " Directory of C:\\Users\\{v}\\Documents",
            '"python.defaultInterpreterPath": "C:\\\\Users\\\\{v}\\\\venv\\\\Scripts\\\\python.exe"',
            "at Program.Main() in C:\\Users\\{v}\\source\\App\\Program.cs:line 14",
            "C:/Users/{v}/AppData/Roaming/npm/node_modules",
            "C:\\Users\\{v}\\.ssh\\id_ed25519",
            '"cwd": "C:\\\\Users\\\\{v}\\\\repo"',
            # round-4 holdout families
            "C:\\Users\\{v}\\OneDrive - Acme\\Documents\\budget.xlsx",
            "{v}@DESKTOP-7Q2L MINGW64 /c/Users/{v}/src/app (main)",
            "file:///C:/Users/{vq}/Desktop/report.html",
        ],
        t,
        v=v,
        vq=urllib.parse.quote(v),  # a file:// URL escapes spaces and accents
    ), [v]


CATS.append(Category("windows_profile", "pii", _winpath, _legacy(14, 11)))


def _homepath(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = username(rng)
    return _choose(
        [
            "/home/{v}/projects/api/.venv/bin/python",
            '  File "/Users/{v}/code/app/server.py", line 88, in handle',
            "cd /home/{v}/work && make",
            "error: could not open /Users/{v}/Library/Application Support/Code/settings.json",
            "~{v}/.ssh/config",
            "/mnt/c/Users/{v}/Downloads/data.csv",
            "PermissionError: [Errno 13] Permission denied: '/home/{v}/.aws/credentials'",
            '  File "/home/{v}/miniconda3/lib/python3.11/site-packages/torch/__init__.py", line 3',
            "HOME=/Users/{v}",
            "{v}@laptop:~/src$ make",
            "/Users/{v}/.zshrc:12: command not found: pyenv",
            "/home/{v}/.cache/pip",
            "ls: cannot access '/Users/{v}/Desktop/x': No such file",
            # round-4 holdout families
            "docker run --rm -v /home/{v}/data:/data alpine ls /data",
            "\\\\wsl.localhost\\Ubuntu\\home\\{v}\\proj\\build.log",
            "[{v}@fedora app]$ dnf list installed",
            "file:///Users/{v}/Downloads/index.html",
        ],
        t,
        v=v,
    ), [v]


CATS.append(Category("home_dir_user", "pii", _homepath, _legacy(17, 13)))

NL_STREETS = ["Prinsengracht", "Keizersgracht", "Kerkstraat", "Dorpsstraat", "Molenweg", "Julianalaan", "Beatrixstraat"]
NL_CITY = ["Amsterdam", "Rotterdam", "Utrecht", "Den Haag", "Eindhoven", "Groningen"]
ES_STREETS = ["Calle Mayor", "Calle de Alcalá", "Avenida de la Constitución", "Paseo de Gracia", "Carrer de Balmes"]
ES_CITY = [("Madrid", "28"), ("Barcelona", "08"), ("Sevilla", "41"), ("Valencia", "46"), ("Málaga", "29")]
IT_STREETS = ["Via Roma", "Via Garibaldi", "Corso Vittorio Emanuele II", "Via Dante Alighieri", "Viale Monza"]
IT_CITY = [
    ("Roma", "RM", "00"),
    ("Milano", "MI", "20"),
    ("Torino", "TO", "10"),
    ("Napoli", "NA", "80"),
    ("Bologna", "BO", "40"),
]
JP_PLACES = [
    ("Jingumae", "Shibuya", "Tokyo", "150", "東京都渋谷区神宮前"),
    ("Roppongi", "Minato", "Tokyo", "106", "東京都港区六本木"),
    ("Umeda", "Kita", "Osaka", "530", "大阪府大阪市北区梅田"),
    ("Sakae", "Naka", "Nagoya", "460", "愛知県名古屋市中区栄"),
]
CA_PLACES = [
    ("Queen St W", "Toronto", "ON", "M"),
    ("Yonge St", "Toronto", "ON", "M"),
    ("Rue Sainte-Catherine O", "Montréal", "QC", "H"),
    ("Rue Saint-Denis", "Montréal", "QC", "H"),
    ("Robson St", "Vancouver", "BC", "V"),
    ("Jasper Ave NW", "Edmonton", "AB", "T"),
]


def address4(rng: random.Random, region: str) -> str:
    """Round-4 address formats (holdout-only)."""
    if region == "NL":
        pc = f"{rng.randrange(1000, 10000)} {_rs(rng, 'ABCEGHJKLMNPRTVWXZ', 2)}"
        num = f"{rng.randrange(1, 400)}{rng.choice(['', '', 'A', '-2'])}"
        return f"{rng.choice(NL_STREETS)} {num}, {pc} {rng.choice(NL_CITY)}"
    if region == "ES":
        city, pre = rng.choice(ES_CITY)
        return (
            f"{rng.choice(ES_STREETS)} {rng.randrange(1, 200)}, {rng.randrange(1, 9)}º {rng.choice('ABCD')}, "
            f"{pre}{rng.randrange(0, 1000):03d} {city}"
        )
    if region == "IT":
        city, prov, pre = rng.choice(IT_CITY)
        return f"{rng.choice(IT_STREETS)} {rng.randrange(1, 200)}, {pre}{rng.randrange(100, 199)} {city} {prov}"
    if region == "JP":
        area, ward, city, pc, kanji = rng.choice(JP_PLACES)
        c, b, g = rng.randrange(1, 7), rng.randrange(1, 30), rng.randrange(1, 20)
        pcode = f"{pc}-{rng.randrange(0, 10000):04d}"
        if rng.random() < 0.5:
            return f"〒{pcode} {kanji}{c}-{b}-{g}"
        return f"{c}-{b}-{g} {area}, {ward}-ku, {city} {pcode}"
    street, city, prov, first = rng.choice(CA_PLACES)
    letters = "ABCEGHJKLMNPRSTVWXYZ"
    pc = f"{first}{rng.randrange(10)}{rng.choice(letters)} {rng.randrange(10)}{rng.choice(letters)}{rng.randrange(10)}"
    return f"{rng.randrange(10, 3000)} {street}, {city}, {prov} {pc}"


# ---------------------------------------------------------------------------------------------
# round 4: categories the generator lacked (holdout-only in round 4, dev since round 5)


def holdout_cat(
    name: str, kind: Literal["secret", "pii"], templates: list[str], gen: Callable[[random.Random], str]
) -> None:
    GENS[name] = gen
    CATS.append(Category(name, kind, _single(templates, gen), _rounds(0, 0, 0, len(templates))))


HEXU = "0123456789ABCDEF"
holdout_cat(
    "huggingface_token",
    "secret",
    [
        "HF_TOKEN={v}",
        "huggingface-cli login --token {v} --add-to-git-credential",
        'from huggingface_hub import login\nlogin(token="{v}")',
        "git clone https://{u}:{v}@huggingface.co/acme/private-model",
        'curl https://api-inference.huggingface.co/models/gpt2 -H "Authorization: Bearer {v}"',
        "my HF read token {v} gets 401 on the gated repo",
    ],
    lambda r: "hf_" + _rs(r, string.ascii_letters, 34),
)
holdout_cat(
    "digitalocean_token",
    "secret",
    [
        "doctl auth init --access-token {v}",
        "DIGITALOCEAN_TOKEN={v}",
        'do_token = "{v}"',
        'provider "digitalocean" {{\n  token = "{v}"\n}}',
        "the DO token {v} only has read scope",
    ],
    lambda r: r.choice(["dop_v1_", "doo_v1_", "dor_v1_"]) + _rs(r, HEX, 64),
)
holdout_cat(
    "shopify_token",
    "secret",
    [
        "X-Shopify-Access-Token: {v}",
        "SHOPIFY_ADMIN_API_ACCESS_TOKEN={v}",
        'shopify.Session("acme-store.myshopify.com", "2024-01", "{v}")',
        "curl -H 'X-Shopify-Access-Token: {v}' https://acme-store.myshopify.com/admin/api/2024-01/shop.json",
    ],
    lambda r: r.choice(["shpat_", "shpca_", "shppa_", "shpss_"]) + _rs(r, HEX, 32),
)
holdout_cat(
    "atlassian_token",
    "secret",
    [
        "JIRA_API_TOKEN={v}",
        "curl -u ci-bot:{v} -H 'Accept: application/json' https://acme.atlassian.net/rest/api/3/myself",
        "jira:\n  server: https://acme.atlassian.net\n  token: {v}",
        "confluence token {v} was revoked when I left the group?",
        'JIRA(server="https://acme.atlassian.net", basic_auth=("ci-bot", "{v}"))',
    ],
    lambda r: "ATATT3xFfGF0" + _rs(r, B64URL, r.choice([160, 170, 180])) + "=" + _rs(r, HEXU, 8),
)
holdout_cat(
    "databricks_token",
    "secret",
    [
        "DATABRICKS_TOKEN={v}",
        "[DEFAULT]\nhost = https://adb-4471210593.12.azuredatabricks.net\ntoken = {v}",
        "databricks configure --token\nDatabricks Host: https://dbc-1a2b3c.cloud.databricks.com\nToken: {v}",
        'spark.conf.set("spark.databricks.token", "{v}")',
        "curl -H 'Authorization: Bearer {v}' https://dbc-1a2b3c.cloud.databricks.com/api/2.0/clusters/list",
    ],
    lambda r: "dapi" + _rs(r, HEX, 32) + r.choice(["", "", "-2", "-3"]),
)
holdout_cat(
    "vault_token",
    "secret",
    [
        "VAULT_TOKEN={v}",
        "vault login {v}",
        "curl -H 'X-Vault-Token: {v}' https://vault.internal:8200/v1/secret/data/app",
        "Key                  Value\n---                  -----\ntoken                {v}\ntoken_accessor       "
        "x1Yq3mTbJ0ZrS8kW\ntoken_duration       768h",
        'client = hvac.Client(url="https://vault.internal:8200", token="{v}")',
    ],
    lambda r: r.choice(
        ["hvs.CAESI" + _rs(r, B64URL, 86), "hvs." + _rs(r, B62, 24), "hvb.AAAAAQ" + _rs(r, B64URL, 120)]
    ),
)
holdout_cat(
    "doppler_token",
    "secret",
    [
        "DOPPLER_TOKEN={v}",
        "doppler configure set token {v} --scope /app",
        "docker run -e DOPPLER_TOKEN='{v}' acme/api",
        "the doppler service token {v} is scoped to prd",
    ],
    lambda r: r.choice(
        [
            f"dp.st.{r.choice(['dev', 'stg', 'prd'])}.{_rs(r, B62, 40)}",
            f"dp.pt.{_rs(r, B62, 43)}",
            f"dp.sa.{_rs(r, B62, 43)}",
        ]
    ),
)
holdout_cat(
    "mailgun_key",
    "secret",
    [
        "MAILGUN_API_KEY={v}",
        "curl -s --user 'api:{v}' https://api.mailgun.net/v3/mg.acme.dev/messages -F to=ops@acme.dev",
        "mailgun:\n  domain: mg.acme.dev\n  secret: {v}",
        "MAILGUN_SECRET={v}\nMAILGUN_DOMAIN=mg.acme.dev",
    ],
    lambda r: r.choice(["key-" + _rs(r, HEX, 32), f"{_rs(r, HEX, 32)}-{_rs(r, HEX, 8)}-{_rs(r, HEX, 8)}"]),
)


def _datadog(rng: random.Random, t: int) -> tuple[str, list[str]]:
    api, app = _rs(rng, HEX, 32), _rs(rng, HEX, 40)
    return _choose(
        [
            "DD_API_KEY={api}\nDD_APP_KEY={app}\nDD_SITE=datadoghq.eu",
            'curl -X GET "https://api.datadoghq.com/api/v1/validate" -H "DD-API-KEY: {api}" '
            '-H "DD-APPLICATION-KEY: {app}"',
            "datadog:\n  apiKey: {api}\n  appKey: {app}\n  site: datadoghq.com",
            "docker run -d -e DD_API_KEY={api} -e DD_SITE=datadoghq.com gcr.io/datadoghq/agent:7",
            "api_key: {api}\nsite: datadoghq.eu\nlogs_enabled: true",
            'provider "datadog" {{\n  api_key = "{api}"\n  app_key = "{app}"\n}}',
        ],
        t,
        api=api,
        app=app,
    ), ([api, app] if t not in (3, 4) else [api])


CATS.append(Category("datadog_keys", "secret", _datadog, _rounds(0, 0, 0, 6)))
holdout_cat(
    "heroku_key",
    "secret",
    [
        "HEROKU_API_KEY={v}",
        "$ heroku auth:token\n›   Warning: token will expire 12/01/2026\n{v}",
        "machine api.heroku.com\n  login ci@acme.dev\n  password {v}",
        'curl -n https://api.heroku.com/apps -H "Accept: application/vnd.heroku+json; version=3" '
        '-H "Authorization: Bearer {v}"',
        "heroku_api_key: {v}",
    ],
    lambda r: r.choice(
        [
            "HRKU-" + _rs(r, B62 + "-_", 60),
            "-".join(_rs(r, HEX, n) for n in (8, 4, 4, 4, 12)),  # the classic UUID-shaped key
        ]
    ),
)
holdout_cat(
    "linear_key",
    "secret",
    [
        "LINEAR_API_KEY={v}",
        'curl https://api.linear.app/graphql -H "Authorization: {v}" -d \'{{"query": "{{ viewer {{ id }} }}"}}\'',
        'const linear = new LinearClient({{ apiKey: "{v}" }});',
        "linear personal key: {v}",
    ],
    lambda r: "lin_api_" + _rs(r, B62, 40),
)
holdout_cat(
    "postman_key",
    "secret",
    [
        "POSTMAN_API_KEY={v}",
        "curl https://api.getpostman.com/collections -H 'X-Api-Key: {v}'",
        "newman run https://api.getpostman.com/collections/123?apikey={v}",
        "postman api key {v} (team workspace)",
    ],
    lambda r: f"PMAK-{_rs(r, HEX, 24)}-{_rs(r, HEX, 34)}",
)
holdout_cat(
    "telegram_bot_token",
    "secret",
    [
        "TELEGRAM_BOT_TOKEN={v}",
        "curl https://api.telegram.org/bot{v}/getUpdates",
        'bot = telebot.TeleBot("{v}")',
        "BotFather gave me {v} for the alerts bot",
    ],
    lambda r: f"{r.randrange(10**8, 10**10)}:AA{_rs(r, B64URL, 33)}",
)
holdout_cat(
    "bearer_opaque",
    "secret",
    [
        "Authorization: Bearer {v}",
        'axios.get(url, {{ headers: {{ Authorization: "Bearer {v}" }} }})',
        "curl -sS -H 'Authorization: Bearer {v}' https://api.acme.dev/v2/reports",
        'session.headers.update({{"Authorization": "Bearer {v}"}})',
        "http GET :8000/api/items Authorization:'Bearer {v}'",
        '"headers": {{"Authorization": "Token {v}"}}',
    ],
    lambda r: r.choice([_rs(r, B62, r.choice([32, 40, 64])), _rs(r, B64URL, 43), _rs(r, HEX, 40)]),
)
holdout_cat(
    "password_ssh",
    "secret",
    [
        "plink -ssh {u}@10.0.4.12 -pw {v}",
        "open sftp://{u}:{vq}@files.acme.dev/ -hostkey=*",
        "client.connect(hostname, username='{u}', password='{v}')",
        "ssh_password: {v}\nssh_user: {u}",
        "Host bastion\n  User {u}\n  # password: {v}",
        "hydra said: [22][ssh] host: 10.0.0.7   login: {u}   password: {v}",
    ],
    password,
)

# --- round-4 personal data


def uk_nino(rng: random.Random) -> str:
    while True:
        pre = rng.choice("ABCEGHJKLMNOPRSTWXYZ") + rng.choice("ABCEGHJKLMNPRSTWXYZ")
        if pre not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}:
            break
    d = _rs(rng, "0123456789", 6)
    suf = rng.choice("ABCD")
    if rng.random() < 0.5:
        return f"{pre} {d[:2]} {d[2:4]} {d[4:]} {suf}"
    return f"{pre}{d}{suf}"


def ca_sin(rng: random.Random) -> str:
    n = luhn_complete(rng.choice("12345679"), 9, rng)
    sep = rng.choice([" ", "-", ""])
    return sep.join([n[:3], n[3:6], n[6:]])


def passport(rng: random.Random) -> str:
    return rng.choice(
        [
            _rs(rng, "0123456789", 9),  # US / UK booklets
            rng.choice("CFGHJK") + _rs(rng, "CFGHJKLMNPRTVWXYZ0123456789", 8),  # DE
            _rs(rng, "0123456789", 2) + _rs(rng, string.ascii_uppercase, 2) + _rs(rng, "0123456789", 5),  # FR
            rng.choice("JKLMNPRSTUVWZ") + _rs(rng, "0123456789", 7),  # IN
        ]
    )


def es_dni(rng: random.Random) -> str:
    letters = "TRWAGMYFPDXBNJZSQVHLCKE"
    if rng.random() < 0.7:
        n = rng.randrange(10**6, 10**8)
        return f"{n:08d}{rng.choice(['', '-'])}{letters[n % 23]}"
    pre = rng.randrange(3)  # NIE: X/Y/Z stand for 0/1/2 in the check
    n = rng.randrange(10**7)
    return f"{'XYZ'[pre]}{n:07d}{letters[int(f'{pre}{n:07d}') % 23]}"


def br_cpf(rng: random.Random) -> str:
    d = [rng.randrange(10) for _ in range(9)]
    for w in (10, 11):
        r = sum(x * (w - i) for i, x in enumerate(d)) * 10 % 11
        d.append(0 if r == 10 else r)
    s = "".join(map(str, d))
    return rng.choice([f"{s[:3]}.{s[3:6]}.{s[6:9]}-{s[9:]}", s])


MONTHS_INTL = {
    "es": [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "de": [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    "it": [
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ],
}


def dob_intl(rng: random.Random) -> str:
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    return rng.choice(
        [
            f"{d} de {MONTHS_INTL['es'][m - 1]} de {y}",
            f"{d} {MONTHS_INTL['fr'][m - 1]} {y}",
            f"{d}. {MONTHS_INTL['de'][m - 1]} {y}",
            f"{d} {MONTHS_INTL['it'][m - 1]} {y}",
            f"{y}年{m}月{d}日",
            f"{y}/{m:02d}/{d:02d}",
            f"{d:02d}-{calendar.month_abbr[m]}-{y}",
            f"{calendar.month_abbr[m]} {d} {y}",
        ]
    )


def email_variant(rng: random.Random) -> str:
    local = username(rng)
    tag = rng.choice(["github", "newsletter", "stripe-test", "2fa", "dev.alerts"])
    form = rng.randrange(5)
    if form == 0:
        return f"{local}+{tag}@gmail.com"
    if form == 1:
        return f"{local}@{rng.choice(['eng', 'mail.eu', 'corp.us'])}.{rng.choice(COMPANY)}.{rng.choice(DOMAINS)}"
    if form == 2:
        uni = rng.choice(["students.uni-heidelberg.de", "cam.ac.uk", "alumni.usp.br", "iitb.ac.in", "u-tokyo.ac.jp"])
        return f"{local}@{uni}"
    if form == 3:
        isp = rng.choice(["hotmail.com.br", "yahoo.co.jp", "bigpond.com.au", "libero.it", "orange.fr"])
        return f"{local}{rng.randrange(70, 99)}@{isp}"
    return f"{local.title()}@{rng.choice(COMPANY).title()}.com"  # as Outlook shows it


holdout_cat(
    "uk_nino",
    "pii",
    [
        "NI number: {v}",
        '"national_insurance_number": "{v}"',
        "my National Insurance No. is {v}",
        "employee_id,nino\n1042,{v}",
        "<NINO>{v}</NINO>",
    ],
    uk_nino,
)
holdout_cat(
    "ca_sin",
    "pii",
    [
        "SIN: {v}",
        "numéro d'assurance sociale : {v}",
        '"sin": "{v}"',
        "my social insurance number is {v} (for the T4)",
        "employee,sin\n1042,{v}",
    ],
    ca_sin,
)
holdout_cat(
    "passport_number",
    "pii",
    [
        "passport no. {v}",
        '"passport_number": "{v}"',
        "Reisepassnummer: {v}",
        "n° de passeport {v}, expire en 2031",
        "PassportNo={v}&nationality=DE",
        "my passport number is {v} if the visa form needs it",
    ],
    passport,
)
holdout_cat(
    "es_dni",
    "pii",
    [
        "DNI: {v}",
        "mi DNI es {v}",
        '"nif": "{v}"',
        "NIE {v} (residencia)",
        "cliente,dni\n1042,{v}",
    ],
    es_dni,
)
holdout_cat(
    "br_cpf",
    "pii",
    [
        "CPF: {v}",
        "meu CPF é {v}",
        '"cpf": "{v}"',
        "cliente_id,cpf\n1042,{v}",
        "cpf={v}&nome_mae=",
    ],
    br_cpf,
)
holdout_cat(
    "date_of_birth_intl",
    "pii",
    [
        "fecha de nacimiento: {v}",
        "date de naissance : {v}",
        "Geburtsdatum: {v}",
        "data di nascita {v}",
        "生年月日: {v}",
        "DOB {v}",
        "born {v} in Porto",
    ],
    dob_intl,
)
holdout_cat(
    "email_variant",
    "pii",
    [
        "reach me at {v}",
        "From: {v}",
        '"email": "{v}"',
        "login={vq}&remember=1",
        "invite {v} to the org please",
        "bounce: <{v}>: mailbox full",
    ],
    email_variant,
)

for _region in ("ES", "IT", "NL", "JP", "AU"):

    def _mk_phone4(rng: random.Random, t: int, region: str = _region) -> tuple[str, list[str]]:
        v = phone(rng, region)
        return _choose(
            [
                "llámame al {v}",
                "chiamami al {v} dopo le 18",
                "bel me op {v}",
                "電話番号: {v}",
                "mobile: {v}",
                '"telefono": "{v}"',
                "contact_phone={vq}",
                "support line {v} (9-5)",
            ],
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
        ), [v]

    CATS.append(Category(f"phone_{_region.lower()}", "pii", _mk_phone4, _rounds(0, 0, 0, 8)))

for _region in ("NL", "ES", "IT", "JP", "CA"):

    def _mk_addr4(rng: random.Random, t: int, region: str = _region) -> tuple[str, list[str]]:
        v = address4(rng, region)
        return _choose(
            [
                "send it to {v}",
                '"address": "{v}"',
                "my address: {v}",
                "adres: {v}",
                "indirizzo di consegna: {v}",
                "dirección de envío: {v}",
                "住所: {v}",
            ],
            t,
            v=v,
        ), [v]

    CATS.append(Category(f"address_{_region.lower()}", "pii", _mk_addr4, _rounds(0, 0, 0, 7)))

TRANSLIT_NAMES = [
    "Zhang Wei",
    "Li Xiaoming",
    "Wang Fang",
    "Chen Jing",
    "Liu Yang",
    "Sato Haruto",
    "Suzuki Yui",
    "Takahashi Ren",
    "Kim Min-jun",
    "Park Ji-woo",
    "Lee Seo-yeon",
    "Choi Hyun-woo",
    "Mohammed Al-Sayed",
    "Abdullah bin Rashid",
    "Fatemeh Hosseini",
    "Aleksandr Vasilyev",
    "Ekaterina Smirnova",
    "Venkatesh Subramanian",
    "Lakshmi Narayanan",
    "Nguyen Thi Mai",
    "Tran Van Duc",
    "Somchai Srisuk",
    "Giorgos Papadakis",
    "Oksana Melnyk",
    "Tsegaye Bekele",
    "Chinonso Eze",
]
holdout_cat(
    "person_name_translit",
    "pii",
    [
        "{v} wrote the original parser",
        "cc {v}",
        '"reporter": "{v}"',
        "Signed-off-by: {v}",
        "thanks to {v} for the fix",
        "owner: {v}",
        "[09:12] {v}: deploy is stuck again",
    ],
    lambda r: r.choice(TRANSLIT_NAMES),
)


# ---------------------------------------------------------------------------------------------
# round 5 (the holdout): at least two new families for every earlier category, and categories the
# generator lacked. Families differ from rounds 1-4 in shape: Windows `set`/`setx`, `docker run -e`,
# `kubectl create secret`, Helm `--set`, Jupyter JSON, C#/Go/Rust/Kotlin code, MCP configs,
# CLI prompts and non-native or non-English prose.


def _extend(name: str, make5: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-5 families (drawn by ``make5`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make5(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND5,) * n)


def round5(name: str, templates: list[str], gen: Callable[[random.Random], str] | None = None) -> None:
    _extend(name, _single(templates, gen or GENS[name]), len(templates))


def round5_cat(
    name: str, kind: Literal["secret", "pii"], templates: list[str], gen: Callable[[random.Random], str]
) -> None:
    GENS[name] = gen
    CATS.append(Category(name, kind, _single(templates, gen), (ROUND5,) * len(templates)))


def round5_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND5,) * n))


# --- new families of the earlier one-value categories

round5(
    "openai_key",
    [
        "set OPENAI_API_KEY={v}",
        "docker run -d -p 3000:8080 -e OPENAI_API_KEY={v} ghcr.io/open-webui/open-webui:main",
        '{{"cell_type": "code", "source": ["import openai\\n", "openai.api_key = \\"{v}\\"\\n"]}}',
        '# .streamlit/secrets.toml\nOPENAI_API_KEY = "{v}"',
    ],
)
round5(
    "anthropic_key",
    [
        'setx ANTHROPIC_API_KEY "{v}"',
        "kubectl create secret generic anthropic --from-literal=api-key={v} -n agents",
        'ANTHROPIC_AUTH_TOKEN={v} claude -p "summarise the diff"',
        'var client = new AnthropicClient(new APIAuthentication("{v}"));',
    ],
)
round5(
    "github_pat_classic",
    [
        'gh api -H "Authorization: token {v}" /orgs/acme/members --paginate',
        'COMPOSER_AUTH=\'{{"github-oauth": {{"github.com": "{v}"}}}}\' composer install',
        "renovate --token {v} acme/web",
        "set GITHUB_TOKEN={v}",
    ],
)
round5(
    "github_pat_fine",
    [
        "docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN={v} ghcr.io/github/github-mcp-server",
        '"mcpServers": {{"github": {{"env": {{"GITHUB_PERSONAL_ACCESS_TOKEN": "{v}"}}}}}}',
        'client = Octokit::Client.new(access_token: "{v}")',
        'provider "github" {{\n  owner = "acme"\n  token = "{v}"\n}}',
    ],
)
round5(
    "gitlab_pat",
    [
        "[global]\ndefault = acme\n\n[acme]\nurl = https://gitlab.com\nprivate_token = {v}\napi_version = 4",
        'provider "gitlab" {{\n  base_url = "https://gitlab.acme.dev/api/v4/"\n  token    = "{v}"\n}}',
        "GL_TOKEN={v} npx semantic-release --dry-run",
        "set GITLAB_PRIVATE_TOKEN={v}",
    ],
)
round5(
    "slack_token",
    [
        "const app = new App({{ token: '{v}', signingSecret: process.env.SLACK_SIGNING_SECRET }});",
        "docker run -e SLACK_BOT_TOKEN={v} acme/notifier:2.1",
        "set SLACK_BOT_TOKEN={v}",
        'api := slack.New("{v}")',
    ],
)
round5(
    "stripe_key",
    [
        'stripe.Key = "{v}"',
        "stripe login --api-key {v}",
        "kubectl create secret generic stripe --from-literal=STRIPE_SECRET_KEY={v}",
        "const stripe = require('stripe')('{v}');",
    ],
)
round5(
    "sendgrid_key",
    [
        'EMAIL_BACKEND = "sendgrid_backend.SendgridBackend"\nSENDGRID_API_KEY = "{v}"',
        'var client = new SendGridClient("{v}");',
        "spring.sendgrid.api-key={v}",
    ],
)
round5(
    "google_api_key",
    [
        'GEMINI_API_KEY={v} gemini -p "explain this stack trace"',
        "sdk.dir=/opt/android-sdk\nMAPS_API_KEY={v}",
        "$ gcloud services api-keys get-key-string projects/123/locations/global/keys/maps-web\nkeyString: {v}",
        'client := genai.NewClient(ctx, option.WithAPIKey("{v}"))',
    ],
)
round5(
    "npm_token",
    [
        "docker build --build-arg NPM_TOKEN={v} -t acme/web .",
        "set NPM_TOKEN={v}\nnpm publish --access public",
        "always-auth=true\n//registry.npmjs.org/:_authToken=${{NPM_TOKEN}}\n# NPM_TOKEN is {v} on my machine",
    ],
)
round5(
    "pypi_token",
    [
        "poetry publish --build --username __token__ --password {v}",
        "machine upload.pypi.org\n  login __token__\n  password {v}",
        "set TWINE_PASSWORD={v}\ntwine upload dist\\*",
    ],
)
round5(
    "jwt",
    [
        "Cookie: __Secure-next-auth.session-token={v}; _ga=GA1.1.12345",
        "kubectl config set-credentials ci --token={v}",
        '[2024-06-01 10:00:01] DEBUG auth header="Bearer {v}" user_id=42',
        "fetch('/api/me', {{ headers: {{ Authorization: `Bearer {v}` }} }})",
    ],
)
round5(
    "oauth_ya29",
    [
        "$ gcloud auth print-access-token\n{v}",
        'Invoke-RestMethod -Headers @{{Authorization = "Bearer {v}"}} -Uri https://storage.googleapis.com/storage/v1/b',
        '{{"token": "{v}", "refresh_token": null, "token_uri": "https://oauth2.googleapis.com/token"}}',
    ],
)
round5(
    "password_env",
    [
        'setx SQL_PASSWORD "{v}"',
        "docker run -e POSTGRES_PASSWORD={v} -p 5432:5432 -d postgres:16",
        "db.user = {u}\ndb.password = {v}",
        'variable "db_password" {{\n  type      = string\n  sensitive = true\n  default   = "{v}"\n}}',
        "KEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD={v}",
    ],
)
round5(
    "password_cli",
    [
        'sqlcmd -S tcp:db01,1433 -U sa -P "{v}" -Q "SELECT @@VERSION"',
        "openssl pkcs12 -export -in cert.pem -inkey key.pem -out app.p12 -passout pass:{v}",
        'Invoke-Sqlcmd -ServerInstance db01 -Username sa -Password "{v}" -Query "SELECT 1"',
        "kubectl create secret docker-registry regcred --docker-server=registry.acme.dev "
        "--docker-username={u} --docker-password={v}",
    ],
)
round5(
    "password_xml",
    [
        "<server>\n  <password>{v}</password>\n  <username>{u}</username>\n  <id>releases</id>\n</server>",
        '<bean id="dataSource" class="org.apache.commons.dbcp2.BasicDataSource" p:username="{u}" p:password="{v}"/>',
        "<AutoLogon>\n  <Password>\n    <Value>{v}</Value>\n    <PlainText>true</PlainText>\n"
        "  </Password>\n</AutoLogon>",
        '<Resource name="jdbc/app" auth="Container" type="javax.sql.DataSource" username="{u}" password="{v}" '
        'url="jdbc:postgresql://db:5432/app"/>',
    ],
)
round5(
    "huggingface_token",
    [
        "set HF_TOKEN={v}",
        "docker run --gpus all -e HUGGING_FACE_HUB_TOKEN={v} ghcr.io/huggingface/text-generation-inference:2.0",
        'pipe = pipeline("text-generation", model="meta-llama/Meta-Llama-3-8B", token="{v}")',
    ],
)
round5(
    "digitalocean_token",
    [
        "export DIGITALOCEAN_ACCESS_TOKEN={v}",
        'curl -X GET -H "Authorization: Bearer {v}" "https://api.digitalocean.com/v2/droplets"',
        "set DO_TOKEN={v}",
    ],
)
round5(
    "shopify_token",
    [
        '[store]\ndomain = "acme-store.myshopify.com"\naccess_token = "{v}"',
        "const client = new shopify.clients.Rest({{ session: {{ shop, accessToken: '{v}' }} }});",
        "set SHOPIFY_ACCESS_TOKEN={v}",
    ],
)
round5(
    "atlassian_token",
    [
        "docker run -e CONFLUENCE_URL=https://acme.atlassian.net/wiki -e CONFLUENCE_API_TOKEN={v} mcp/atlassian",
        'confluence:\n  url: https://acme.atlassian.net/wiki\n  api_token: "{v}"',
        "JIRA_API_TOKEN={v} jira issue list --assignee ci-bot",
    ],
)
round5(
    "databricks_token",
    [
        'databricks_token = "{v}"\ndatabricks_host  = "https://adb-4471210593.12.azuredatabricks.net"',
        "jdbc:databricks://adb-4471210593.12.azuredatabricks.net:443/default;transportMode=http;AuthMech=3;"
        "UID=token;PWD={v}",
        "set DATABRICKS_TOKEN={v}",
    ],
)
round5(
    "vault_token",
    [
        "set VAULT_TOKEN={v}",
        'vault {{\n  address = "https://vault.internal:8200"\n  token   = "{v}"\n}}',
        "Unseal Key 1: (see 1Password)\n\nInitial Root Token: {v}",
    ],
)
round5(
    "doppler_token",
    [
        "doppler run --token {v} -- npm start",
        "kubectl create secret generic doppler-token-secret --from-literal=serviceToken={v}",
        "set DOPPLER_TOKEN={v}",
    ],
)
round5(
    "mailgun_key",
    [
        'mg = requests.auth.HTTPBasicAuth("api", "{v}")',
        'ANYMAIL = {{"MAILGUN_API_KEY": "{v}", "MAILGUN_SENDER_DOMAIN": "mg.acme.dev"}}',
        "set MAILGUN_API_KEY={v}",
    ],
)
round5(
    "heroku_key",
    [
        "docker login --username=_ --password={v} registry.heroku.com",
        "git push https://heroku:{v}@git.heroku.com/acme-api.git main",
        "set HEROKU_API_KEY={v}",
    ],
)
round5(
    "linear_key",
    [
        '"linear": {{"command": "npx", "args": ["-y", "linear-mcp"], "env": {{"LINEAR_API_KEY": "{v}"}}}}',
        "set LINEAR_API_KEY={v}",
        'linear_api_key = "{v}"',
    ],
)
round5(
    "postman_key",
    [
        "postman login --with-api-key {v}",
        "POST /collections HTTP/1.1\nHost: api.getpostman.com\nx-api-key: {v}",
        "set POSTMAN_API_KEY={v}",
    ],
)
round5(
    "telegram_bot_token",
    [
        'app = Application.builder().token("{v}").build()',
        'bot_token: "{v}"\nchat_id: -1001234567890',
        "set TELEGRAM_TOKEN={v}",
    ],
)
round5(
    "bearer_opaque",
    [
        'Invoke-RestMethod -Uri https://api.acme.dev/v1/me -Headers @{{ Authorization = "Bearer {v}" }}',
        'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "{v}");',
        'wget --header="Authorization: Bearer {v}" https://files.acme.dev/export.zip',
        'req.Header.Set("Authorization", "Bearer {v}")',
    ],
)
round5(
    "password_ssh",
    [
        "pscp -pw {v} build.zip {u}@10.0.4.12:/tmp/",
        'config := &ssh.ClientConfig{{User: "{u}", Auth: []ssh.AuthMethod{{ssh.Password("{v}")}}}}',
        '[webservers:vars]\nansible_user={u}\nansible_ssh_pass="{v}"',
    ],
)
round5(
    "credit_card",
    [
        "set TEST_CARD={v}",
        '{{"payment_method": {{"type": "card", "card": {{"number": "{v}", "exp_month": 9}}}}}}',
        "le client a payé avec la carte {v}, il veut un remboursement",
        "Card No.\t{v}\tVISA/MC",
    ],
)
round5(
    "iban",
    [
        "Begünstigter: Acme GmbH\nIBAN: {v}\nVerwendungszweck: Rechnung 2024-118",
        "<Cdtr><Nm>Acme</Nm></Cdtr><CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>",
        "please update my bank details, new IBAN is {v}",
    ],
)
round5(
    "ssn",
    [
        "SocialSecurityNumber,LastName\n{v},redacted",
        "applicant.ssn = '{v}'",
        "pls check, my SSN is {v} but the form rejects it",
    ],
)
round5(
    "date_of_birth",
    [
        "birth_date\t{v}",
        "patient DOB = {v} (from the intake form)",
        "Date of Birth* [{v}]",
    ],
)
round5(
    "ipv4",
    [
        "New-NetFirewallRule -DisplayName office -RemoteAddress {v} -Action Allow",
        'resource "aws_security_group_rule" "ssh" {{\n  cidr_blocks = ["{v}/32"]\n}}',
        "Connection closed by authenticating user root {v} port 41822 [preauth]",
    ],
)
round5(
    "ipv6",
    [
        "New-NetFirewallRule -DisplayName home6 -RemoteAddress {v} -Action Allow",
        "Accepted publickey for deploy from {v} port 50122 ssh2",
        'ingress {{\n  ipv6_cidr_blocks = ["{v}/128"]\n}}',
    ],
)
round5(
    "uk_nino",
    [
        "NINO\t{v}",
        "pls find my NI no {v} for the payroll",
        '{{"employee": {{"niNumber": "{v}"}}}}',
    ],
)
round5(
    "ca_sin",
    [
        "SIN\t{v}",
        "employee.sin = '{v}'",
        "hey, my SIN is {v} for the onboarding form",
    ],
)
round5(
    "passport_number",
    [
        "Passport No.\t{v}",
        "P<GBR — document number {v} — expires 2031",
        '{{"traveller": {{"passportNumber": "{v}", "nationality": "GBR"}}}}',
    ],
)
round5(
    "es_dni",
    [
        "NIF/NIE\t{v}",
        "mi número de DNI: {v} (por si lo necesitas)",
        "<nif>{v}</nif>",
    ],
)
round5(
    "br_cpf",
    [
        "CPF\t{v}",
        "segue o CPF do cliente: {v}",
        "<cpf>{v}</cpf>",
    ],
)
round5(
    "date_of_birth_intl",
    [
        "Fecha nac.\t{v}",
        "Geburtstag des Mitarbeiters: {v}",
        '{{"persona": {{"nacimiento": "{v}"}}}}',
    ],
)
round5(
    "email_variant",
    [
        "Bcc: {v}",
        '"to": [{{"email": "{v}"}}]',
        'ssh-keygen -t ed25519 -C "{v}"',
    ],
)
round5(
    "person_name_translit",
    [
        "Assigned to {v} · 2 hours ago",
        "Kind regards,\n{v}\nSenior Engineer",
        '"author": {{"name": "{v}", "url": null}}',
    ],
)

# --- new families of the earlier multi-value categories


def _slack_webhook5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    path = f"T{_rs(rng, UPPER32, 10)}/B{_rs(rng, UPPER32, 10)}/{_rs(rng, B62, 24)}"
    url = f"https://hooks.slack.com/services/{path}"
    return _choose(
        [
            "set SLACK_WEBHOOK_URL={url}",
            "receivers:\n- name: ops\n  slack_configs:\n  - api_url: {url}\n    channel: '#alerts'",
            "Invoke-WebRequest -Uri {url} -Method POST -Body (@{{text='done'}} | ConvertTo-Json)",
            "kubectl create secret generic slack-hook --from-literal=url={url}",
        ],
        t,
        url=url,
    ), [path]


_extend("slack_webhook", _slack_webhook5, 4)


def _discord_webhook5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    tail = f"{_rs(rng, '0123456789', 19)}/{_rs(rng, B64URL, 68)}"
    url = f"https://discord.com/api/webhooks/{tail}"
    return _choose(
        [
            "docker run -e DISCORD_WEBHOOK_URL={url} acme/uptime-bot",
            'curl -F "file=@build.log" -F "content=nightly failed" {url}',
            "set DISCORD_WEBHOOK={url}",
        ],
        t,
        url=url,
    ), [tail]


_extend("discord_webhook", _discord_webhook5, 3)


def _twilio5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sid, tok = "AC" + _rs(rng, HEX, 32), _rs(rng, HEX, 32)
    return _choose(
        [
            "set TWILIO_ACCOUNT_SID={sid}\nset TWILIO_AUTH_TOKEN={tok}",
            "$ twilio login\n? The Account SID for your Twilio Account: {sid}\n"
            "? Your Twilio Auth Token for your Twilio Account: {tok}",
            'client := twilio.NewRestClientWithParams(twilio.ClientParams{{Username: "{sid}", Password: "{tok}"}})',
        ],
        t,
        sid=sid,
        tok=tok,
    ), [sid, tok]


_extend("twilio", _twilio5, 3)


def _gcp_sa5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 25)
    kid = _rs(rng, HEX, 40)
    project = rng.choice(["acme-prod", "data-lake-341", "ml-sandbox"])
    pk = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n"
    obj = {
        "type": "service_account",
        "project_id": project,
        "private_key_id": kid,
        "private_key": pk,
        "client_email": f"ci@{project}.iam.gserviceaccount.com",
    }
    if t == 0:  # Streamlit secrets.toml: a TOML table with a \n-escaped key
        text = (
            f'[gcp_service_account]\ntype = "service_account"\nproject_id = "{project}"\n'
            f'private_key_id = "{kid}"\nprivate_key = "{pk.replace(chr(10), chr(92) + "n")}"\n'
            f'client_email = "ci@{project}.iam.gserviceaccount.com"'
        )
    elif t == 1:  # a GitHub Actions step with the key inline
        text = "- uses: google-github-actions/auth@v2\n  with:\n    credentials_json: '" + json.dumps(obj) + "'"
    else:
        text = "gcloud auth activate-service-account --key-file=- <<'EOF'\n" + json.dumps(obj, indent=2) + "\nEOF"
    return text, [kid, *body]


_extend("gcp_service_account", _gcp_sa5, 3)


def _azure5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    key = base64.b64encode(bytes(rng.randrange(256) for _ in range(64))).decode()
    acct = rng.choice(["acmestorage", "datalakeprod", "mediablobs01"])
    cs = f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={key};EndpointSuffix=core.windows.net"
    return _choose(
        [
            '$ctx = New-AzStorageContext -StorageAccountName {acct} -StorageAccountKey "{key}"',
            'spark.conf.set("fs.azure.account.key.{acct}.dfs.core.windows.net", "{key}")',
            "set AZURE_STORAGE_CONNECTION_STRING={cs}",
        ],
        t,
        cs=cs,
        key=key,
        acct=acct,
    ), [key]


_extend("azure_storage", _azure5, 3)


def _aws5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    akid = rng.choice(["AKIA", "ASIA"]) + _rs(rng, UPPER32, 16)
    sec = aws_secret(rng)
    return _choose(
        [
            "set AWS_ACCESS_KEY_ID={a}\nset AWS_SECRET_ACCESS_KEY={s}",
            "Set-AWSCredential -AccessKey {a} -SecretKey {s} -StoreAs default",
            "docker run --rm -e AWS_ACCESS_KEY_ID={a} -e AWS_SECRET_ACCESS_KEY={s} amazon/aws-cli s3 ls",
            'var creds = new BasicAWSCredentials("{a}", "{s}");',
        ],
        t,
        a=akid,
        s=sec,
    ), [akid, sec]


_extend("aws_keys", _aws5, 4)


def _pem5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    label = rng.choice(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(8, 20))
    block = f"-----BEGIN {label}-----\n" + "\n".join(body) + f"\n-----END {label}-----"
    forms = [
        'key = """\n' + block + '\n"""',  # TOML multi-line string
        'var pem = @"' + block + '";',  # C# verbatim string
        "const signingKey = `" + block + "`",  # Go / JS raw string
        "kubectl create secret generic deploy-key --from-literal=id_rsa='" + block + "'",
    ]
    return forms[t], body


_extend("pem_private_key", _pem5, 4)


def _pw_url5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw, u = password(rng), _ascii_slug(rng.choice(FIRST))
    pwq = urllib.parse.quote(pw, safe="")
    host = rng.choice(["db.internal", "10.0.3.14", "prod-db.c9xk.eu-west-1.rds.amazonaws.com"])
    return _choose(
        [
            "set DATABASE_URL=postgres://{u}:{pwq}@{host}:5432/app",
            "mssql://{u}:{pwq}@{host}:1433/app?encrypt=true",
            'dsn := "{u}:{pwq}@tcp({host}:3306)/app?parseTime=true"',
            "rediss://default:{pwq}@{host}:6380/0",
            "snowflake://{u}:{pwq}@acme-xy12345/analytics/public?warehouse=WH",
            'hosts: ["https://elastic:{pwq}@es.internal:9200"]',
        ],
        t,
        u=u,
        pwq=pwq,
        host=host,
    ), [pw, pwq]


_extend("password_url", _pw_url5, 6)


def _k8s5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng) if rng.random() < 0.5 else _rs(rng, B62, 32)
    name = rng.choice(["DB_PASSWORD", "API_TOKEN", "REDIS_PASSWORD", "JWT_SECRET", "SECRET_KEY"])
    return _choose(
        [
            "kubectl create secret generic app --from-literal {nl}='{v}' --dry-run=client -o yaml",
            'kubectl patch secret app -p \'{{"stringData": {{"{nl}": "{v}"}}}}\'',
            "docker run -d -e {n}='{v}' acme/api:1.4",
            "extraEnv:\n  - name: {n}\n    value: >-\n      {v}",
        ],
        t,
        n=name,
        v=v,
        nl=name.lower(),
    ), [v]


_extend("password_k8s", _k8s5, 4)


def _code_env5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = rng.choice([_rs(rng, B62, 32), _rs(rng, HEX, 40), password(rng)])
    name = rng.choice(["SERVICE_TOKEN", "X_TOKEN", "WEBHOOK_SECRET", "INTERNAL_API_KEY", "SIGNING_KEY"])
    return _choose(
        [
            'const {n}: &str = "{v}";',  # Rust
            'val {nl} = "{v}"',  # Kotlin
            '$script:{n} = "{v}"',  # PowerShell
            "%env {n}={v}",  # Jupyter magic
            'const {n} = "{v}"',  # Go
        ],
        t,
        n=name,
        v=v,
        nl=name.lower(),
    ), [v]


_extend("password_code", _code_env5, 5)


def _pw_prose5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw, u = password(rng), rng.choice(["admin", "root", "deploy", username(rng)])
    return _choose(
        [
            "a senha do {u} é {pw}",
            "hasło do serwera: {pw}",
            "пароль от стенда: {pw}",
            "服务器密码是 {pw}",
            "비밀번호는 {pw} 입니다",
            "sir password of server is {pw} only, kindly check",
            "şifre: {pw} (kimseyle paylaşma)",
        ],
        t,
        u=u,
        pw=pw,
    ), [pw]


_extend("password_prose", _pw_prose5, 7)


def _email5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = email(rng)
    return _choose(
        [
            "EmailAddress,DisplayName,Department\n{v},ops,IT",
            'git commit --author="ci <{v}>" -m "fix"',
            "Bcc: {v}",
            "user\t{v}\tactive\t2024-03-01",
        ],
        t,
        v=v,
    ), [v]


_extend("email", _email5, 4)

for _region in ("US", "GB", "DE", "FR", "IN", "BR", "ES", "IT", "NL", "JP", "AU"):

    def _mk_phone5(rng: random.Random, t: int, region: str = _region) -> tuple[str, list[str]]:
        v = phone(rng, region)
        return _choose(
            [
                "SMS to {v} failed: 21211 invalid 'To' phone number",
                '"PhoneNumber": "{v}"',
                "phone\t{v}",
                "set SUPPORT_PHONE={v}",
            ],
            t,
            v=v,
        ), [v]

    _extend(f"phone_{_region.lower()}", _mk_phone5, 4)

for _region in ("US", "UK", "DE", "FR", "NL", "ES", "IT", "JP", "CA"):

    def _mk_addr5(rng: random.Random, t: int, region: str = _region) -> tuple[str, list[str]]:
        v = address(rng, region) if region in ("US", "UK", "DE", "FR") else address4(rng, region)
        return _choose(
            [
                "Ship-To: {v}",
                "address_line = '{v}'  # from the customer profile",
                "pls deliver the laptop at my home: {v}",
            ],
            t,
            v=v,
        ), [v]

    _extend(f"address_{_region.lower()}", _mk_addr5, 3)


def _name5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = person_name(rng)
    return _choose(
        [
            "^3f9e1a2 ({v} 2024-03-12 10:01:22 +0100 42)     retries = 3",
            "Assigned to {v} · 2 hours ago",
            '"author": {{"name": "{v}", "url": null}}',
            "Dear {v},\nyour ticket has been updated.",
            "{v} is out until Monday, ask someone else",
        ],
        t,
        v=v,
    ), [v]


_extend("person_name", _name5, 5)


def _winpath5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = person_name(rng) if rng.random() < 0.6 else rng.choice(FIRST) + rng.choice(LAST)[:1]
    return _choose(
        [
            "set USERPROFILE=C:\\Users\\{v}",
            "PS> Get-Content C:\\Users\\{v}\\.aws\\credentials",
            '"C:\\\\Users\\\\{v}\\\\AppData\\\\Local\\\\Temp\\\\tmpk2x9.json"',
        ],
        t,
        v=v,
    ), [v]


_extend("windows_profile", _winpath5, 3)


def _homepath5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = username(rng)
    return _choose(
        [
            "Error: ENOENT: no such file or directory, open '/Users/{v}/projects/site/.env'",
            "PS /home/{v}> pwsh -File ./build.ps1",
            "/home/{v}/.local/share/jupyter/runtime/kernel-4f2a.json",
            "/var/home/{v}/.config/containers/storage.conf",
        ],
        t,
        v=v,
    ), [v]


_extend("home_dir_user", _homepath5, 4)


def _datadog5(rng: random.Random, t: int) -> tuple[str, list[str]]:
    api, app = _rs(rng, HEX, 32), _rs(rng, HEX, 40)
    return _choose(
        [
            'DD_API_KEY={api} DD_SITE="datadoghq.com" bash -c "$(curl -L https://install.datadoghq.com/agent.sh)"',
            "helm install datadog-agent datadog/datadog --set datadog.apiKey={api} --set datadog.appKey={app}",
            "set DD_API_KEY={api}\nset DD_APP_KEY={app}",
        ],
        t,
        api=api,
        app=app,
    ), ([api] if t == 0 else [api, app])


_extend("datadog_keys", _datadog5, 3)

# --- round-5 secret categories the generator lacked (documented public formats)


def _ai_provider(rng: random.Random, t: int) -> tuple[str, list[str]]:
    env, name, url, v = rng.choice(
        [
            ("GROQ_API_KEY", "groq", "https://api.groq.com/openai/v1/models", "gsk_" + _rs(rng, B62, 52)),
            ("XAI_API_KEY", "grok", "https://api.x.ai/v1/models", "xai-" + _rs(rng, B62, 80)),
            ("REPLICATE_API_TOKEN", "replicate", "https://api.replicate.com/v1/account", "r8_" + _rs(rng, B62, 37)),
            ("PERPLEXITY_API_KEY", "perplexity", "https://api.perplexity.ai/models", "pplx-" + _rs(rng, B62, 48)),
        ]
    )
    return _choose(
        [
            "{env}={v}",
            'export {env}="{v}"',
            "the {name} key {v} gives 401 since this morning",
            'curl {url} -H "Authorization: Bearer {v}"',
            '$env:{env} = "{v}"',
        ],
        t,
        env=env,
        name=name,
        url=url,
        v=v,
    ), [v]


round5_custom("ai_provider_key", "secret", _ai_provider, 5)
round5_cat(
    "slack_app_token",
    "secret",
    [
        "SLACK_APP_TOKEN={v}",
        'app = App(token=bot_token)\nSocketModeHandler(app, "{v}").start()',
        "socket mode needs the app-level token {v} (connections:write)",
        "set SLACK_APP_TOKEN={v}",
    ],
    lambda r: f"xapp-1-A{_rs(r, UPPER32, 10)}-{_rs(r, '0123456789', 13)}-{_rs(r, HEX, 64)}",
)
round5_cat(
    "stripe_webhook_secret",
    "secret",
    [
        "STRIPE_WEBHOOK_SECRET={v}",
        "> Ready! Your webhook signing secret is {v} (^C to quit)",
        'endpoint_secret = "{v}"\nevent = stripe.Webhook.construct_event(payload, sig_header, endpoint_secret)',
        "set STRIPE_WEBHOOK_SECRET={v}",
    ],
    lambda r: "whsec_" + _rs(r, B62, 32),
)
round5_cat(
    "gitlab_other_token",
    "secret",
    [
        "gitlab-runner register --non-interactive --url https://gitlab.com --token {v} --executor docker",
        "curl -X POST --fail -F token={v} -F ref=main https://gitlab.com/api/v4/projects/42/trigger/pipeline",
        "deploy token for the registry: {v}",
        'runners:\n  token: "{v}"',
    ],
    lambda r: r.choice(["glrt-" + _rs(r, B64URL, 20), "gldt-" + _rs(r, B64URL, 20), "glptt-" + _rs(r, HEX, 40)]),
)
round5_cat(
    "docker_hub_pat",
    "secret",
    [
        "echo {v} | docker login -u {u} --password-stdin",
        "DOCKERHUB_TOKEN={v}",
        '{{"auths": {{"https://index.docker.io/v1/": {{"username": "{u}", "password": "{v}"}}}}}}',
        "set DOCKER_PASSWORD={v}",
    ],
    lambda r: "dckr_pat_" + _rs(r, B64URL, 27),
)


def _sentry_token(r: random.Random) -> str:
    if r.random() < 0.5:
        return "sntryu_" + _rs(r, HEX, 64)
    claims = {"iat": r.randrange(1_700_000_000, 1_800_000_000), "url": "https://sentry.io", "org": "acme"}
    b64 = base64.b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"sntrys_{b64}_{_rs(r, B64URL, 43)}"


round5_cat(
    "sentry_token",
    "secret",
    [
        "SENTRY_AUTH_TOKEN={v}",
        "sentry-cli --auth-token {v} releases new 1.4.2",
        "[auth]\ntoken={v}",
        'sentryWebpackPlugin({{ org: "acme", project: "web", authToken: "{v}" }})',
    ],
    _sentry_token,
)
round5_cat(
    "newrelic_key",
    "secret",
    [
        "NEW_RELIC_API_KEY={v}",
        "curl https://api.newrelic.com/graphql -H 'API-Key: {v}' "
        '-d \'{{"query": "{{ actor {{ user {{ name }} }} }}"}}\'',
        "license_key: {v}\napp_name: acme-api",
        "newrelic.config.license_key = {v}",
    ],
    lambda r: r.choice(["NRAK-" + _rs(r, string.ascii_uppercase + string.digits, 27), _rs(r, HEX, 36) + "NRAL"]),
)
round5_cat(
    "okta_token",
    "secret",
    [
        "Authorization: SSWS {v}",
        "OKTA_API_TOKEN={v}",
        'curl -H "Authorization: SSWS {v}" https://acme.okta.com/api/v1/users?limit=1',
        'okta:\n  client:\n    orgUrl: "https://acme.okta.com"\n    token: {v}',
    ],
    lambda r: "00" + _rs(r, B64URL, 40),
)
round5_cat(
    "terraform_cloud_token",
    "secret",
    [
        'credentials "app.terraform.io" {{\n  token = "{v}"\n}}',
        "TF_TOKEN_app_terraform_io={v}",
        '{{"credentials": {{"app.terraform.io": {{"token": "{v}"}}}}}}',
        "the TFC team token {v} can't queue plans",
    ],
    lambda r: f"{_rs(r, B62, 14)}.atlasv1.{_rs(r, B62, 67)}",
)
round5_cat(
    "notion_token",
    "secret",
    [
        "NOTION_TOKEN={v}",
        "const notion = new Client({{ auth: '{v}' }});",
        'curl https://api.notion.com/v1/users -H "Authorization: Bearer {v}" -H "Notion-Version: 2022-06-28"',
        "integration secret: {v}",
    ],
    lambda r: r.choice(["secret_" + _rs(r, B62, 43), "ntn_" + _rs(r, "0123456789", 11) + _rs(r, B62, 35)]),
)
round5_cat(
    "figma_token",
    "secret",
    [
        "FIGMA_ACCESS_TOKEN={v}",
        "curl -H 'X-Figma-Token: {v}' https://api.figma.com/v1/files/aBcD1234",
        '"figma": {{"env": {{"FIGMA_API_KEY": "{v}"}}}}',
    ],
    lambda r: "figd_" + _rs(r, B64URL, 40),
)
round5_cat(
    "supabase_key",
    "secret",
    [
        "SUPABASE_ACCESS_TOKEN={v}",
        "supabase login --token {v}",
        "SUPABASE_SERVICE_KEY={v}",
        'createClient("https://abcd.supabase.co", "{v}")',
    ],
    lambda r: r.choice(["sbp_" + _rs(r, HEX, 40), "sb_secret_" + _rs(r, B64URL, 31)]),
)


def _twilio_api_key(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sk, sec = "SK" + _rs(rng, HEX, 32), _rs(rng, B62, 32)
    return _choose(
        [
            "TWILIO_API_KEY={sk}\nTWILIO_API_SECRET={sec}",
            'client = Client("{sk}", "{sec}", account_sid)',
            "api key {sk} / secret {sec} (created for the video app)",
            "twilio:\n  apiKey: {sk}\n  apiSecret: {sec}",
        ],
        t,
        sk=sk,
        sec=sec,
    ), [sk, sec]


round5_custom("twilio_api_key", "secret", _twilio_api_key, 4)


def _azure_shared_access(rng: random.Random, t: int) -> tuple[str, list[str]]:
    raw = base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()
    sig = urllib.parse.quote(raw, safe="")
    sas = (
        f"sv=2022-11-02&ss=b&srt=sco&sp=rwdlacupx&se=2025-0{rng.randrange(1, 10)}-01T00:00:00Z"
        f"&st=2024-01-01T00:00:00Z&spr=https&sig={sig}"
    )
    ns = rng.choice(["acme-bus", "telemetry-prod", "orders-eh"])
    cs = f"Endpoint=sb://{ns}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={raw}"
    text = _choose(
        [
            "https://acmestorage.blob.core.windows.net/backups/db.bak?{sas}",
            'azcopy copy "./dist" "https://acmestorage.blob.core.windows.net/$web?{sas}" --recursive',
            "AZURE_SAS_TOKEN=?{sas}",
            "SERVICEBUS_CONNECTION={cs}",
            '"EventHubConnection": "{cs};EntityPath=events"',
        ],
        t,
        sas=sas,
        cs=cs,
    )
    return text, [sig if t < 3 else raw]


round5_custom("azure_shared_access", "secret", _azure_shared_access, 5)
round5_cat(
    "azure_client_secret",
    "secret",
    [
        "AZURE_CLIENT_SECRET={v}",
        "az login --service-principal -u 7f2c1d9e-3b4a-4c5d-8e6f-0a1b2c3d4e5f -p {v} --tenant acme.onmicrosoft.com",
        '"AzureAd": {{ "ClientId": "7f2c1d9e-3b4a-4c5d-8e6f-0a1b2c3d4e5f", "ClientSecret": "{v}" }}',
        'client_secret = "{v}"',
    ],
    lambda r: _rs(r, B62, 3) + str(r.randrange(10)) + "Q~" + _rs(r, B62 + "-_.~", 34),
)
round5_cat(
    "google_oauth_client_secret",
    "secret",
    [
        '{{"installed": {{"client_id": "1234567890-abc.apps.googleusercontent.com", "client_secret": "{v}", '
        '"redirect_uris": ["http://localhost"]}}}}',
        "GOOGLE_CLIENT_SECRET={v}",
        "AUTH_GOOGLE_SECRET={v}",
        "the oauth client secret {v} shows as invalid_client",
    ],
    lambda r: "GOCSPX-" + _rs(r, B64URL, 28),
)
round5_cat(
    "fcm_server_key",
    "secret",
    [
        "Authorization: key={v}",
        "FCM_SERVER_KEY={v}",
        "curl -X POST -H \"Authorization: key={v}\" -H 'Content-Type: application/json' https://fcm.googleapis.com/fcm/send",
    ],
    lambda r: f"AAAA{_rs(r, B64URL, 7)}:APA91b{_rs(r, B64URL, 134)}",
)
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
round5_cat(
    "age_secret_key",
    "secret",
    [
        "# created: 2024-03-12T10:01:22Z\n# public key: age1{{p}}\n{v}",
        "SOPS_AGE_KEY={v}",
        "age -d -i <(echo {v}) secrets.enc",
    ],
    lambda r: "AGE-SECRET-KEY-1" + _rs(r, BECH32, 58),
)


def _age_template_fix() -> None:
    # the public key line is public (no needle): fill it when the snippet is made
    i = next(i for i, c in enumerate(CATS) if c.name == "age_secret_key")
    old = CATS[i]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        text, needles = old.make(rng, t)
        return text.replace("{p}", _rs(rng, BECH32.lower(), 58)), needles

    CATS[i] = Category(old.name, old.kind, make, old.rounds)


def _pgp_private(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(6, 16))
    crc = "=" + base64.b64encode(bytes(rng.randrange(256) for _ in range(3))).decode()
    block = (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + f"\n{crc}\n-----END PGP PRIVATE KEY BLOCK-----"
    )
    forms = [
        block,
        "gpg --export-secret-keys --armor ci@example.com\n" + block,
        "GPG_PRIVATE_KEY: |\n  " + block.replace("\n", "\n  "),
        '{"signing_key": "' + block.replace("\n", "\\n") + '"}',
    ]
    return forms[t], body


round5_custom("pgp_private_key", "secret", _pgp_private, 4)


def _putty(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pub = pem_body(rng, 2)
    priv = pem_body(rng, 1)[0][:44]
    text = (
        "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@build\nPublic-Lines: 2\n"
        + "\n".join(pub)
        + f"\nPrivate-Lines: 1\n{priv}\nPrivate-MAC: {_rs(rng, HEX, 64)}"
    )
    forms = [text, "here is the .ppk, it works in PuTTY but not in WinSCP:\n" + text]
    return forms[t], [priv]


round5_custom("putty_private_key", "secret", _putty, 2)


def _wireguard(rng: random.Random, t: int) -> tuple[str, list[str]]:
    priv = base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()
    pub = base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()
    return _choose(
        [
            "[Interface]\nPrivateKey = {k}\nAddress = 10.8.0.2/32\n\n[Peer]\nPublicKey = {p}\n"
            "Endpoint = vpn.acme.dev:51820\nAllowedIPs = 0.0.0.0/0",
            "wg set wg0 private-key <(echo {k})",
            "WIREGUARD_PRIVATE_KEY={k}",
            "interface: wg0\n  public key: {p}\n  private key: {k}\n  listening port: 51820",
        ],
        t,
        k=priv,
        p=pub,
    ), [priv]


round5_custom("wireguard_private_key", "secret", _wireguard, 4)


def _jwk_private(rng: random.Random, t: int) -> tuple[str, list[str]]:
    def b64u(n: int) -> str:
        return base64.urlsafe_b64encode(bytes(rng.randrange(256) for _ in range(n))).decode().rstrip("=")

    d = b64u(32)
    if rng.random() < 0.5:
        key = {"kty": "EC", "crv": "P-256", "x": b64u(32), "y": b64u(32), "d": d, "kid": "sig-2024"}
    else:
        key = {"kty": "OKP", "crv": "Ed25519", "x": b64u(32), "d": d, "use": "sig"}
    forms = [
        json.dumps(key),
        json.dumps({"keys": [key]}, indent=2),
        "JWKS_PRIVATE='" + json.dumps(key) + "'",
        "signing_key:\n  " + "\n  ".join(f"{k}: {v}" for k, v in key.items()),
    ]
    return forms[t], [d]


round5_custom("jwk_private_key", "secret", _jwk_private, 4)


def _kubeconfig(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(pem_body(rng, 6)) + "\n-----END RSA PRIVATE KEY-----\n"
    key_data = base64.b64encode(pem.encode()).decode()
    cert = base64.b64encode(("-----BEGIN CERTIFICATE-----\n" + "\n".join(pem_body(rng, 3))).encode()).decode()
    token = rng.choice(
        [
            _rs(rng, "abcdefghijklmnopqrstuvwxyz0123456789", 6)
            + "."
            + _rs(rng, "abcdefghijklmnopqrstuvwxyz0123456789", 16),
            jwt(rng),
        ]
    )
    forms = [
        f"users:\n- name: admin\n  user:\n    client-certificate-data: {cert}\n    client-key-data: {key_data}",
        f"users:\n- name: ci\n  user:\n    token: {token}",
        f"kubectl config set-credentials ci --token={token}",
        f'{{"users": [{{"name": "admin", "user": {{"client-key-data": "{key_data}"}}}}]}}',
    ]
    return forms[t], [key_data if t in (0, 3) else token]


round5_custom("kubeconfig_credential", "secret", _kubeconfig, 4)


def _basic_auth(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = base64.b64encode(f"{username(rng)}:{password(rng)}".encode()).decode()
    return _choose(
        [
            "Authorization: Basic {v}",
            "curl -H 'Authorization: Basic {v}' https://nexus.acme.dev/service/rest/v1/status",
            'headers = {{"Authorization": "Basic {v}"}}',
            'proxy_set_header Authorization "Basic {v}";',
            '{{"name": "Authorization", "value": "Basic {v}"}}',
        ],
        t,
        v=v,
    ), [v]


round5_custom("basic_auth_header", "secret", _basic_auth, 5)


def _session_cookie(rng: random.Random, t: int) -> tuple[str, list[str]]:
    name, v = rng.choice(
        [
            ("sessionid", _rs(rng, "abcdefghijklmnopqrstuvwxyz0123456789", 32)),
            ("connect.sid", f"s%3A{_rs(rng, B64URL, 32)}.{_rs(rng, B62, 43)}"),
            ("_app_session", f"{_rs(rng, B62 + '%', 120)}--{_rs(rng, HEX, 40)}"),
            ("laravel_session", f"eyJpdiI6{_rs(rng, B62, 160)}"),
            ("PHPSESSID", _rs(rng, "abcdefghijklmnopqrstuvwxyz0123456789", 26)),
        ]
    )
    return _choose(
        [
            "Cookie: {n}={v}; theme=dark",
            "Set-Cookie: {n}={v}; Path=/; HttpOnly; SameSite=Lax",
            "curl -b '{n}={v}' https://admin.acme.dev/api/export",
            'cookies = {{"{n}": "{v}"}}',
            "the {n} cookie {v} stays valid after logout, is that a bug?",
        ],
        t,
        n=name,
        v=v,
    ), [v]


round5_custom("session_cookie", "secret", _session_cookie, 5)


def _app_secret(rng: random.Random, t: int) -> tuple[str, list[str]]:
    label, v = rng.choice(
        [
            ("SECRET_KEY", "django-insecure-" + _rs(rng, "abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)", 50)),
            ("SECRET_KEY_BASE", _rs(rng, HEX, 128)),
            ("NEXTAUTH_SECRET", base64.b64encode(bytes(rng.randrange(256) for _ in range(32))).decode()),
            ("FLASK_SECRET_KEY", _rs(rng, HEX, 64)),
        ]
    )
    return _choose(
        [
            "{n}={v}",
            "{n} = '{v}'",
            "set {n}={v}",
            "  {nl}: {v}",
        ],
        t,
        n=label,
        nl=label.lower(),
        v=v,
    ), [v]


round5_custom("app_signing_secret", "secret", _app_secret, 4)
round5_cat(
    "password_connstr",
    "secret",
    [
        "Driver={{ODBC Driver 18 for SQL Server}};Server=tcp:acme.database.windows.net,1433;Database=app;"
        "Uid={u};Pwd={v};Encrypt=yes;",
        "jdbc:sqlserver://db01:1433;databaseName=app;user={u};password={v};encrypt=true",
        'sqlplus {u}/"{v}"@//db01:1521/ORCLPDB1',
        '"Host=db.internal;Port=5432;Username={u};Password={v};Database=app"',
        "DSN=warehouse;UID={u};PWD={v}",
    ],
    password,
)
round5_cat(
    "mailchimp_key",
    "secret",
    [
        "MAILCHIMP_API_KEY={v}",
        'mailchimp.setConfig({{ apiKey: "{v}", server: "us12" }});',
        "curl --user 'anystring:{v}' https://us12.api.mailchimp.com/3.0/lists",
    ],
    lambda r: f"{_rs(r, HEX, 32)}-us{r.randrange(1, 22)}",
)
round5_cat(
    "grafana_token",
    "secret",
    [
        "GRAFANA_SERVICE_ACCOUNT_TOKEN={v}",
        'curl -H "Authorization: Bearer {v}" https://grafana.acme.dev/api/dashboards/home',
        'provider "grafana" {{\n  url  = "https://grafana.acme.dev"\n  auth = "{v}"\n}}',
    ],
    lambda r: f"glsa_{_rs(r, B62, 32)}_{_rs(r, HEX, 8)}",
)
round5_cat(
    "pulumi_token",
    "secret",
    [
        "PULUMI_ACCESS_TOKEN={v}",
        "pulumi login --cloud-url https://api.pulumi.com\nEnter your access token: {v}",
        "set PULUMI_ACCESS_TOKEN={v}",
    ],
    lambda r: "pul-" + _rs(r, HEX, 40),
)

# --- round-5 personal data the generator lacked: national ids with their check digits


def nl_bsn(rng: random.Random) -> str:
    while True:  # the 11-test: weights 9..2 and -1
        d = [rng.randrange(1, 10)] + [rng.randrange(10) for _ in range(7)]
        last = sum(x * (9 - i) for i, x in enumerate(d)) % 11
        if last < 10:
            s = "".join(map(str, [*d, last]))
            return rng.choice([s, f"{s[:4]}.{s[4:6]}.{s[6:]}"])


def fr_nir(rng: random.Random) -> str:
    dept = rng.choice([f"{n:02d}" for n in range(1, 96) if n != 20])
    body = f"{rng.choice('12')}{rng.randrange(50, 100):02d}{rng.randrange(1, 13):02d}{dept}"
    body += f"{rng.randrange(1, 990):03d}{rng.randrange(1, 1000):03d}"
    key = 97 - int(body) % 97
    s = f"{body}{key:02d}"
    if rng.random() < 0.5:
        return s
    return f"{s[0]} {s[1:3]} {s[3:5]} {s[5:7]} {s[7:10]} {s[10:13]} {s[13:]}"


def pl_pesel(rng: random.Random) -> str:
    y, m, d = rng.randrange(1950, 2008), rng.randrange(1, 13), rng.randrange(1, 29)
    mm = m + (20 if y >= 2000 else 0)
    body = f"{y % 100:02d}{mm:02d}{d:02d}{rng.randrange(10000):04d}"
    check = (10 - sum(int(c) * w for c, w in zip(body, (1, 3, 7, 9, 1, 3, 7, 9, 1, 3), strict=True)) % 10) % 10
    return body + str(check)


_VD = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
    [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
    [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]
_VP = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
    [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
    [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]
_VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]


def in_aadhaar(rng: random.Random) -> str:
    body = str(rng.randrange(2, 10)) + _rs(rng, "0123456789", 10)
    c = 0
    for i, ch in enumerate(reversed(body)):  # Verhoeff: the check digit takes position 0
        c = _VD[c][_VP[(i + 1) % 8][int(ch)]]
    s = body + str(_VINV[c])
    return rng.choice([s, f"{s[:4]} {s[4:8]} {s[8:]}", f"{s[:4]}-{s[4:8]}-{s[8:]}"])


def in_pan(rng: random.Random) -> str:
    # AAA + holder type P (person) + the surname's initial + 4 digits + a letter (no public checksum)
    up = string.ascii_uppercase
    return f"{_rs(rng, up, 3)}P{rng.choice(up)}{rng.randrange(1, 10000):04d}{rng.choice(up)}"


def za_id(rng: random.Random) -> str:
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    body = f"{y % 100:02d}{m:02d}{d:02d}{rng.randrange(10000):04d}{rng.choice('01')}8"
    total = 0
    for i, ch in enumerate(reversed(body)):  # Luhn over the 12 digits, check appended
        n = int(ch)
        if i % 2 == 0:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return body + str((10 - total % 10) % 10)


def kr_rrn(rng: random.Random) -> str:
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    sex = rng.choice("12") if y < 2000 else rng.choice("34")
    # the two digits after the sex digit are a place-of-registration code, 00-95
    body = f"{y % 100:02d}{m:02d}{d:02d}{sex}{rng.randrange(96):02d}{rng.randrange(1000):03d}"
    check = (11 - sum(int(c) * w for c, w in zip(body, (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5), strict=True)) % 11) % 10
    return f"{body[:6]}-{body[6:]}{check}"


def se_personnummer(rng: random.Random) -> str:
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    body = f"{y % 100:02d}{m:02d}{d:02d}{rng.randrange(1000):03d}"
    total = 0
    for i, ch in enumerate(body):  # Luhn from the left over nine digits
        n = int(ch) * (2 if i % 2 == 0 else 1)
        total += n - 9 if n > 9 else n
    check = (10 - total % 10) % 10
    return rng.choice([f"{body[:6]}-{body[6:]}{check}", f"{y}{body[2:6]}-{body[6:]}{check}"])


def au_tfn(rng: random.Random) -> str:
    while True:  # weights 1 4 3 7 5 8 6 9 10, the sum a multiple of 11
        d = [rng.randrange(10) for _ in range(8)]
        last = (-sum(x * w for x, w in zip(d, (1, 4, 3, 7, 5, 8, 6, 9), strict=True)) * 10) % 11
        if last < 10:
            s = "".join(map(str, [*d, last]))
            return rng.choice([s, f"{s[:3]} {s[3:6]} {s[6:]}"])


def uk_nhs(rng: random.Random) -> str:
    while True:  # mod 11 over weights 10..2
        d = [rng.randrange(4, 10)] + [rng.randrange(10) for _ in range(8)]
        check = 11 - sum(x * (10 - i) for i, x in enumerate(d)) % 11
        check = 0 if check == 11 else check
        if check < 10:
            s = "".join(map(str, [*d, check]))
            return rng.choice([s, f"{s[:3]} {s[3:6]} {s[6:]}"])


def cn_resident_id(rng: random.Random) -> str:
    area = rng.choice(["110101", "110105", "110108", "120101", "310101", "310104"])  # valid since 1950
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    body = f"{area}{y}{m:02d}{d:02d}{rng.randrange(1000):03d}"
    w = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    return body + "10X98765432"[sum(int(c) * x for c, x in zip(body, w, strict=True)) % 11]


def de_steuer_id(rng: random.Random) -> str:
    while True:
        # ten digits, the first not 0: exactly one digit twice, eight others once, one digit unused
        digits = rng.sample(range(10), 9)
        dup = rng.choice(digits)
        ten = [*digits, dup]
        rng.shuffle(ten)
        if ten[0] == 0:
            continue
        product = 10
        for x in ten:  # ISO 7064 MOD 11,10
            s = (x + product) % 10 or 10
            product = s * 2 % 11
        check = (11 - product) % 10
        s = "".join(map(str, ten)) + str(check)
        return rng.choice([s, f"{s[:2]} {s[2:5]} {s[5:8]} {s[8:]}"])


IT_SURNAMES = ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Greco", "Conti"]
IT_NAMES = ["Marco", "Giulia", "Luca", "Francesca", "Alessandro", "Chiara", "Matteo", "Sara", "Lorenzo", "Elena"]
# the check character's values for characters at odd (1-based) positions, 0-9 then A-Z
_CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14]
_CF_ODD += [16, 10, 22, 25, 24, 23]


def it_codice_fiscale(rng: random.Random) -> str:
    def split(word: str) -> tuple[str, str]:
        w = word.upper()
        return "".join(c for c in w if c not in "AEIOU"), "".join(c for c in w if c in "AEIOU")

    cons, vow = split(rng.choice(IT_SURNAMES))
    code = (cons + vow + "XXX")[:3]
    cons, vow = split(rng.choice(IT_NAMES))
    code += cons[0] + cons[2] + cons[3] if len(cons) >= 4 else (cons + vow + "XXX")[:3]
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    code += f"{y % 100:02d}{'ABCDEHLMPRST'[m - 1]}{d + rng.choice([0, 40]):02d}"
    code += rng.choice(["H501", "F205", "L219", "F839", "A944"])  # Roma, Milano, Torino, Napoli, Bologna
    alnum = "0123456789" + string.ascii_uppercase
    total = sum(
        _CF_ODD[alnum.index(c)] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65) for i, c in enumerate(code)
    )
    return code + chr(65 + total % 26)


def iban_intl(rng: random.Random) -> str:
    d = "0123456789"
    bban = {
        "PL": lambda: _rs(rng, d, 24),
        "PT": lambda: _rs(rng, d, 21),
        "AT": lambda: _rs(rng, d, 16),
        "SE": lambda: _rs(rng, d, 20),
        "LT": lambda: _rs(rng, d, 16),
        "DK": lambda: _rs(rng, d, 14),
        "IE": lambda: _rs(rng, string.ascii_uppercase, 4) + _rs(rng, d, 14),
        "FI": lambda: _rs(rng, d, 14),
        "AE": lambda: _rs(rng, d, 19),
        "SA": lambda: _rs(rng, d, 20),
        "TR": lambda: _rs(rng, d, 5) + "0" + _rs(rng, d, 16),
        "BR": lambda: _rs(rng, d, 23) + "C1",
    }
    cc = rng.choice(sorted(bban))
    b = bban[cc]()
    check = 98 - int("".join(str(int(c, 36)) for c in b + cc + "00")) % 97
    value = f"{cc}{check:02d}{b}"
    if rng.random() < 0.5:
        return " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    return value


for _name_, _gen, _templates in [
    (
        "nl_bsn",
        nl_bsn,
        ["BSN: {v}", "burgerservicenummer {v}", '"bsn": "{v}"', "medewerker,bsn\n1042,{v}", "mijn BSN is {v}"],
    ),
    (
        "fr_nir",
        fr_nir,
        [
            "n° de sécurité sociale : {v}",
            "NIR {v}",
            '"numeroSecu": "{v}"',
            "salarie;nir\n1042;{v}",
            "mon numéro de sécu c'est {v}",
        ],
    ),
    ("pl_pesel", pl_pesel, ["PESEL: {v}", "mój PESEL to {v}", '"pesel": "{v}"', "pracownik;pesel\n1042;{v}"]),
    (
        "in_aadhaar",
        in_aadhaar,
        ["Aadhaar: {v}", "my aadhar no is {v} kindly update", '"aadhaar_number": "{v}"', "UID {v} (e-KYC)"],
    ),
    ("in_pan", in_pan, ["PAN: {v}", "my PAN card number is {v}", '"pan": "{v}"', "employee_id,pan\n1042,{v}"]),
    ("za_id", za_id, ["ID number: {v}", "SA ID {v}", '"idNumber": "{v}"', "my RSA ID no. is {v}"]),
    ("kr_rrn", kr_rrn, ["주민등록번호: {v}", "RRN {v}", '"rrn": "{v}"', "resident registration no. {v}"]),
    (
        "se_personnummer",
        se_personnummer,
        ["personnummer: {v}", "mitt personnummer är {v}", '"personnummer": "{v}"', "anstalld;pnr\n1042;{v}"],
    ),
    ("au_tfn", au_tfn, ["TFN: {v}", "my tax file number is {v}", '"tfn": "{v}"', "employee,tfn\n1042,{v}"]),
    ("uk_nhs", uk_nhs, ["NHS number: {v}", "NHS No. {v}", '"nhsNumber": "{v}"', "patient,nhs_no\n1042,{v}"]),
    (
        "cn_resident_id",
        cn_resident_id,
        ["身份证号: {v}", "ID card no. {v}", '"id_card": "{v}"', "员工,身份证\n1042,{v}"],
    ),
    (
        "de_steuer_id",
        de_steuer_id,
        ["Steuer-ID: {v}", "steuerliche Identifikationsnummer {v}", '"steuerId": "{v}"', "meine IdNr ist {v}"],
    ),
    (
        "it_codice_fiscale",
        it_codice_fiscale,
        ["codice fiscale: {v}", "C.F. {v}", '"codiceFiscale": "{v}"', "cliente;cf\n1042;{v}", "il mio CF è {v}"],
    ),
    (
        "iban_intl",
        iban_intl,
        ["IBAN: {v}", "konto: {v}", '"iban": "{v}"', "transfer to {v} pls", "beneficiary,iban\nAcme,{v}"],
    ),
]:
    round5_cat(_name_, "pii", _templates, _gen)

# --- phones, addresses, dates of birth, names, e-mails, IPv6 in more shapes


def _phone_digits5(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    lead = {
        "MX": lambda: rng.choice(["55", "33", "81"]) + _rs(rng, "0123456789", 8),
        "KR": lambda: rng.choice(
            ["10" + _rs(rng, "0123456789", 8), "2" + str(rng.randrange(2, 10)) + _rs(rng, "0123456789", 7)]
        ),
        "ZA": lambda: rng.choice(["82", "83", "72", "21", "11"]) + _rs(rng, "0123456789", 7),
        "PL": lambda: (
            rng.choice(["50", "51", "53", "60", "66", "69", "72", "79", "88", "22"]) + _rs(rng, "0123456789", 7)
        ),
        "SE": lambda: rng.choice(
            ["70" + _rs(rng, "0123456789", 7), "73" + _rs(rng, "0123456789", 7), "8" + _rs(rng, "0123456789", 7)]
        ),
    }[region]
    cc = phonenumbers.country_code_for_region(region)
    for _ in range(500):
        num = phonenumbers.parse(f"+{cc}{lead()}")
        if phonenumbers.is_valid_number(num):
            return num
    raise RuntimeError(region)


def phone5(rng: random.Random, region: str) -> str:
    num = _phone_digits5(rng, region)
    fmt = rng.choice(
        [
            phonenumbers.PhoneNumberFormat.NATIONAL,
            phonenumbers.PhoneNumberFormat.INTERNATIONAL,
            phonenumbers.PhoneNumberFormat.E164,
        ]
    )
    return phonenumbers.format_number(num, fmt)


for _region, _templates in [
    ("MX", ["llámame al {v}", "Tel. {v}", '"telefono": "{v}"', "cel: {v} (whatsapp)"]),
    ("KR", ["연락처: {v}", "휴대폰 {v}", '"phone": "{v}"', "call me {v} after 6pm KST"]),
    ("ZA", ["cell: {v}", "phone me on {v}", '"cellphone": "{v}"', "contact,number\nsupport,{v}"]),
    ("PL", ["tel. {v}", "zadzwoń pod {v}", '"telefon": "{v}"', "kontakt;telefon\nwsparcie;{v}"]),
    ("SE", ["tel: {v}", "ring mig på {v}", '"telefon": "{v}"', "mobil {v}"]),
]:

    def _mk_phone_new(
        rng: random.Random, t: int, region: str = _region, ts: list[str] = _templates
    ) -> tuple[str, list[str]]:
        v = phone5(rng, region)
        return _choose(ts, t, v=v), [v]

    round5_custom(f"phone_{_region.lower()}", "pii", _mk_phone_new, len(_templates))

AU_PLACES = [
    ("Surry Hills", "NSW", "2010"),
    ("Fitzroy", "VIC", "3065"),
    ("Fortitude Valley", "QLD", "4006"),
    ("Fremantle", "WA", "6160"),
    ("Glenelg", "SA", "5045"),
]
BR_PLACES = [
    ("Rua Augusta", "Consolação", "São Paulo", "SP", "01305"),
    ("Avenida Paulista", "Bela Vista", "São Paulo", "SP", "01310"),
    ("Rua Visconde de Pirajá", "Ipanema", "Rio de Janeiro", "RJ", "22410"),
    ("Rua da Bahia", "Centro", "Belo Horizonte", "MG", "30160"),
]
IN_PLACES = [
    ("12th Main Road", "Indiranagar", "Bengaluru", "Karnataka", "5600"),
    ("Linking Road", "Bandra West", "Mumbai", "Maharashtra", "4000"),
    ("Anna Salai", "Teynampet", "Chennai", "Tamil Nadu", "6000"),
    ("Park Street", "Park Circus", "Kolkata", "West Bengal", "7000"),
]
PL_PLACES = [
    ("ul. Marszałkowska", "00", "Warszawa"),
    ("al. Jerozolimskie", "02", "Warszawa"),
    ("ul. Floriańska", "31", "Kraków"),
    ("ul. Piotrkowska", "90", "Łódź"),
    ("ul. Długa", "80", "Gdańsk"),
]


def address5(rng: random.Random, region: str) -> str:
    if region == "AU":
        suburb, st, pc = rng.choice(AU_PLACES)
        unit = rng.choice(["", f"Unit {rng.randrange(1, 30)}/", f"{rng.randrange(1, 30)}/"])
        street = rng.choice(["Crown St", "Brunswick St", "Ann St", "High St", "Jetty Rd"])
        return f"{unit}{rng.randrange(1, 400)} {street}, {suburb} {st} {pc}"
    if region == "BR":
        street, bairro, city, uf, cep = rng.choice(BR_PLACES)
        apt = rng.choice(["", f", apto {rng.randrange(11, 150)}"])
        return f"{street}, {rng.randrange(10, 3000)}{apt} - {bairro}, {city} - {uf}, {cep}-{rng.randrange(1000):03d}"
    if region == "IN":
        road, area, city, state, pin = rng.choice(IN_PLACES)
        return (
            f"Flat {rng.randrange(101, 1204)}, {rng.choice(['Sai Residency', 'Green Park Apts', 'Shanti Nivas'])}, "
            f"{road}, {area}, {city}, {state} {pin}{rng.randrange(10, 99)}"
        )
    street, pre, city = rng.choice(PL_PLACES)
    flat = rng.choice(["", f"/{rng.randrange(1, 80)}", f" m. {rng.randrange(1, 80)}"])
    return f"{street} {rng.randrange(1, 200)}{flat}, {pre}-{rng.randrange(1, 999):03d} {city}"


for _region, _templates in [
    ("AU", ["deliver to {v}", "postal address: {v}", '"address": "{v}"', "I moved to {v} last month"]),
    ("BR", ["endereço: {v}", "entregar em {v}", '"endereco": "{v}"', "meu endereço é {v}"]),
    ("IN", ["address: {v}", "kindly deliver at {v}", '"address": "{v}"', "my current address is {v}"]),
    ("PL", ["adres: {v}", "proszę wysłać na {v}", '"adres": "{v}"', "mieszkam przy {v}"]),
]:

    def _mk_addr_new(
        rng: random.Random, t: int, region: str = _region, ts: list[str] = _templates
    ) -> tuple[str, list[str]]:
        v = address5(rng, region)
        return _choose(ts, t, v=v), [v]

    round5_custom(f"address_{_region.lower()}", "pii", _mk_addr_new, len(_templates))

MONTHS5 = {
    "pt": [
        "janeiro",
        "fevereiro",
        "março",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
    ],
    "nl": [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "pl": [
        "stycznia",
        "lutego",
        "marca",
        "kwietnia",
        "maja",
        "czerwca",
        "lipca",
        "sierpnia",
        "września",
        "października",
        "listopada",
        "grudnia",
    ],
    "sv": [
        "januari",
        "februari",
        "mars",
        "april",
        "maj",
        "juni",
        "juli",
        "augusti",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "ru": [
        "января",
        "февраля",
        "марта",
        "апреля",
        "мая",
        "июня",
        "июля",
        "августа",
        "сентября",
        "октября",
        "ноября",
        "декабря",
    ],
    "tr": [
        "Ocak",
        "Şubat",
        "Mart",
        "Nisan",
        "Mayıs",
        "Haziran",
        "Temmuz",
        "Ağustos",
        "Eylül",
        "Ekim",
        "Kasım",
        "Aralık",
    ],
}


def _ordinal(d: int) -> str:
    return f"{d}{'th' if 10 <= d % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def _dob_written(rng: random.Random, t: int) -> tuple[str, list[str]]:
    y, m, d = rng.randrange(1950, 2006), rng.randrange(1, 13), rng.randrange(1, 29)
    lang = rng.choice(["pt", "nl", "pl", "sv", "ru", "tr", "ko", "zh", "en1", "en2"])
    v, label = {
        "pt": (f"{d} de {MONTHS5['pt'][m - 1]} de {y}", "data de nascimento"),
        "nl": (f"{d} {MONTHS5['nl'][m - 1]} {y}", "geboortedatum"),
        "pl": (f"{d} {MONTHS5['pl'][m - 1]} {y} r.", "data urodzenia"),
        "sv": (f"{d} {MONTHS5['sv'][m - 1]} {y}", "födelsedatum"),
        "ru": (f"{d} {MONTHS5['ru'][m - 1]} {y} г.", "дата рождения"),
        "tr": (f"{d} {MONTHS5['tr'][m - 1]} {y}", "doğum tarihi"),
        "ko": (f"{y}년 {m}월 {d}일", "생년월일"),
        "zh": (f"{y}年{m:02d}月{d:02d}日", "出生日期"),
        "en1": (f"{_ordinal(d)} of {MONTHS[m - 1]} {y}", "date of birth"),
        "en2": (f"{MONTHS[m - 1]} {_ordinal(d)}, {y}", "DOB"),
    }[lang]
    return _choose(
        ["{label}: {v}", '"{label}": "{v}"', "{label}\t{v}", "{label} — {v}"],
        t,
        label=label,
        v=v,
    ), [v]


round5_custom("date_of_birth_written", "pii", _dob_written, 4)
WORLD_NAMES = [
    "李伟",
    "王芳",
    "张敏",
    "山田太郎",
    "佐藤花子",
    "김민준",
    "이서연",
    "Арсений Иванов",
    "Екатерина Смирнова",
    "محمد العلي",
    "فاطمة الزهراء",
    "Ελένη Παπαδοπούλου",
    "हर्ष शर्मा",
    "Nguyễn Văn An",
    "Trần Thị Hoa",
    "Sigríður Jónsdóttir",
    "Juan Carlos Pérez Gómez",
    "María José García-Ruiz",
    "Oluwaseun Adeyemi",
    "Nnamdi Okonkwo",
    "Aroha Ngata",
    "Mehmet Yılmaz",
    "Ayşe Kaya",
    "Shlomo Ben-David",
    "Kofi Boateng",
    "Siddharth Venkataraman",
    "Dương Minh Châu",
    "Małgorzata Wiśniewska",
    "Đorđe Petrović",
    "Tiago Gonçalves",
]
round5_cat(
    "person_name_world",
    "pii",
    [
        "Reported-by: {v}",
        '"assignee": {{"displayName": "{v}"}}',
        "作者: {v}",
        "담당자: {v}",
        "{v} さんがレビューしました",
        "merged by {v} 3 days ago",
        "From: {v} <noreply@example.com>",
    ],
    lambda r: r.choice(WORLD_NAMES),
)
IDN_DOMAINS = ["münchen-dienst.de", "señal-tech.es", "café-lumière.fr", "bücher-schmidt.at", "smörgås-data.se"]


def email_idn(rng: random.Random) -> str:
    form = rng.randrange(4)
    local = username(rng)
    if form == 0:
        return f"{local}@{rng.choice(IDN_DOMAINS)}"
    if form == 1:  # the same domain as punycode, as mail headers carry it
        return f"{local}@{rng.choice(IDN_DOMAINS).encode('idna').decode()}"
    if form == 2:
        first = rng.choice(["françois", "jürgen", "zoë", "josé", "søren", "łukasz"])
        return f"{first}.{_ascii_slug(rng.choice(LAST))}@{rng.choice(COMPANY)}.{rng.choice(DOMAINS)}"
    return f"{local}-{rng.choice(['github', 'billing', 'ci'])}@{rng.choice(COMPANY)}.{rng.choice(DOMAINS)}"


round5_cat(
    "email_idn",
    "pii",
    [
        "Reply-To: {v}",
        "contact me: {v}",
        '"emailAddress": "{v}"',
        "git config --global user.email {v}",
        "Unable to deliver to <{v}>",
    ],
    email_idn,
)


def ipv6_form(rng: random.Random) -> str:
    form = rng.randrange(3)
    first = rng.choice(["2a03", "2600", "2607", "2a00", "2406", "2804", "2a01"])
    if form == 0:  # all eight groups, zero-padded
        return first + ":" + ":".join(f"{rng.randrange(65536):04x}" for _ in range(7))
    if form == 1:  # upper case, as Windows prints it
        groups = ":".join(f"{rng.randrange(65536):X}" for _ in range(3))
        return f"{first}:{groups}::{rng.randrange(1, 65536):X}".upper()
    return f"::ffff:{public_ipv4(rng)}"


round5_cat(
    "ipv6_forms",
    "pii",
    [
        "IPv6 Address. . . . . . . . . . . : {v}",
        "client {v} blocked by WAF rule 942100",
        '"sourceIPAddress": "{v}"',
        "ssh -6 deploy@{v}",
    ],
    ipv6_form,
)
_age_template_fix()

# ---------------------------------------------------------------------------------------------
# round 6 (the holdout, written blind to the engine): new families for every earlier category
# (service managers, config-management tools, framework settings, CLI output, shell history,
# chat / tickets / commits / reviews in other languages and casual typing), and categories the
# generator lacked (more provider formats, national ids of more countries with their check
# digits, more phones / addresses / IBANs, dates of birth and names in new forms).

ROUND6 = 6


def _extend6(name: str, make6: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-6 families (drawn by ``make6`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make6(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND6,) * n)


def round6_cat(
    name: str, kind: Literal["secret", "pii"], templates: list[str], gen: Callable[[random.Random], str]
) -> None:
    GENS[name] = gen
    CATS.append(Category(name, kind, _single(templates, gen), (ROUND6,) * len(templates)))


def round6_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND6,) * n))


# Secret families, each with an environment-style label {L}, a lower-case key {l} and the value.
SECRET_FAMILIES6 = [
    '[Service]\nUser=api\nEnvironment="{L}={v}"\nExecStart=/usr/local/bin/api --port 8080',
    '[program:worker]\ncommand=/srv/venv/bin/celery -A app worker\nenvironment={L}="{v}",PYTHONUNBUFFERED="1"',
    "web: {L}={v} bundle exec puma -C config/puma.rb\nworker: bundle exec sidekiq",
    "*/15 * * * * {L}='{v}' /opt/acme/bin/sync >> /var/log/sync.log 2>&1",
    "  1041  cd ~/src/api\n  1042  export {L}={v}\n  1043  ./run.sh --verbose",
    "acme:\n  integrations:\n    {l}: ${{{L}:{v}}}\nserver:\n  port: 8080",
    '{{\n  "Integrations": {{\n    "{L}": "{v}"\n  }},\n  "AllowedHosts": "*"\n}}',
    '{L} = os.environ.get("{L}", "{v}")  # settings.py',
    "# bin/rails credentials:edit\nintegrations:\n  {l}: {v}\nsecret_key_base: <%= ENV['SKB'] %>",
    "default['acme']['{l}'] = '{v}'",
    "class {{ 'acme::api':\n  {l} => '{v}',\n  port => 8080,\n}}",
    "[web]\napp1.acme.internal ansible_user=deploy {l}={v}",
    'config.vm.provision "shell", path: "bootstrap.sh", env: {{"{L}" => "{v}"}}',
    "{L} ?= {v}\n\ndeploy:\n\t./scripts/deploy.sh $({L})",
    "# .bazelrc\nbuild --action_env={L}={v}\ntest --test_output=errors",
    'location /upstream/ {{\n    proxy_set_header X-Api-Key "{v}";\n    proxy_pass http://backend;\n}}',
    "deploy@build-01:~/api$ echo ${L}\n{v}\ndeploy@build-01:~/api$ ",
    "ok nvm found it, the {l} was {v} lol dont tell secops",
    "Kannst du bitte mal den Schlüssel prüfen? {L}={v} – bei mir kommt immer 401",
    "j'ai mis la clé dans le .env ({v}) mais ça renvoie toujours 401, une idée ?",
    "oye, la clave que me pasaste ({v}) ya no funciona, me da 403",
    "このキーで認証できません: {v} 何か設定が足りないですか？",
    "bhai ye key kaam nahi kar rahi {v} , ek baar check karo na",
    "ya basha el key di mesh sha8ala: {v} , 3ayez a3mel eh?",
    "*Steps to reproduce*\n# set {L} to {v}\n# run ./bin/sync\n*Expected:* 200 *Actual:* 401",
    'fix: remove hardcoded {l}\n\nThe old value "{v}" was committed in a1b2c3d and has been revoked.',
    '> {L} = "{v}"\n\nPlease don\'t commit this, move it to Vault before we merge.',
    "I'm getting 401 Unauthorized even though my key is correct:\n\n    {L}={v}\n\nWhat am I doing wrong?",
    'RequestHeader set Authorization "Bearer {v}"\nProxyPass /api http://127.0.0.1:9000/',
    "pls help my keyy {v} stoped workng after the updte",
]

# PII families: {f} a field name in the category's own words, {v} the value.
PII_FAMILIES6 = [
    "*Reporter contact:* {v}\n*Priority:* Major\n*Component:* billing",
    "customer says their {f} is {v}, can u check the record?",
    "Kunde meldet sich wegen der Rechnung, {f}: {v} – bitte prüfen",
    "le client a donné ceci : {v} — tu peux vérifier dans la base ?",
    "el usuario dice que su {f} es {v}, ¿lo puedes revisar?",
    "sir customer ka {f} ye hai {v} please update kar do",
    "el 3amil ba3at {v} w bey2ool el order mawsalsh",
    "お客様の{f}: {v} 確認お願いします",
    '{{"model": "accounts.profile", "pk": 17, "fields": {{"{f}": "{v}"}}}}',
    'Customer.create!({f}: "{v}", plan: "pro")',
    'assert resp.json()["{f}"] == "{v}"',
    "fix: stop logging {f} in checkout handler\n\nSaw {v} in Kibana this morning.",
    'nit: this log line prints the user\'s {f} — "{v}" showed up in Grafana',
    "My regex doesn't match this input: {v}\nAny ideas what's wrong?",
    "ok so the user is {v} and they still cant log in",
    "id;{f};created\n88;{v};2024-02-01",
    'The given data was invalid. {{"{f}": ["The {f} \'{v}\' is invalid."]}}',
    "Customer report — {f} {v} — priority: urgent",
]

# Environment-style labels of the one-label secret categories (the key name a developer uses).
LABEL6 = {
    "openai_key": "OPENAI_API_KEY",
    "anthropic_key": "ANTHROPIC_API_KEY",
    "github_pat_classic": "GH_TOKEN",
    "github_pat_fine": "GITHUB_TOKEN",
    "gitlab_pat": "GITLAB_TOKEN",
    "slack_token": "SLACK_BOT_TOKEN",
    "slack_webhook": "SLACK_WEBHOOK",
    "discord_webhook": "DISCORD_HOOK",
    "stripe_key": "STRIPE_SECRET_KEY",
    "sendgrid_key": "SENDGRID_API_KEY",
    "google_api_key": "GOOGLE_MAPS_KEY",
    "npm_token": "NPM_TOKEN",
    "pypi_token": "TWINE_PASSWORD",
    "jwt": "AUTH_TOKEN",
    "oauth_ya29": "GOOGLE_ACCESS_TOKEN",
    "password_url": "DATABASE_URL",
    "password_env": "DB_PASSWORD",
    "password_cli": "PGPASSWORD",
    "password_xml": "SMTP_PASSWORD",
    "password_k8s": "REDIS_PASSWORD",
    "password_code": "ADMIN_PASSWORD",
    "password_prose": "VPN_PASSWORD",
    "datadog_keys": "DD_API_KEY",
    "huggingface_token": "HF_TOKEN",
    "digitalocean_token": "DIGITALOCEAN_TOKEN",
    "shopify_token": "SHOPIFY_ACCESS_TOKEN",
    "atlassian_token": "JIRA_API_TOKEN",
    "databricks_token": "DATABRICKS_TOKEN",
    "vault_token": "VAULT_TOKEN",
    "doppler_token": "DOPPLER_TOKEN",
    "mailgun_key": "MAILGUN_API_KEY",
    "heroku_key": "HEROKU_API_KEY",
    "linear_key": "LINEAR_API_KEY",
    "postman_key": "POSTMAN_API_KEY",
    "telegram_bot_token": "TELEGRAM_BOT_TOKEN",
    "bearer_opaque": "API_BEARER",
    "password_ssh": "SSHPASS",
    "ai_provider_key": "LLM_API_KEY",
    "slack_app_token": "SLACK_APP_TOKEN",
    "stripe_webhook_secret": "STRIPE_WEBHOOK_SECRET",
    "gitlab_other_token": "CI_REGISTRATION_TOKEN",
    "docker_hub_pat": "DOCKERHUB_TOKEN",
    "sentry_token": "SENTRY_AUTH_TOKEN",
    "newrelic_key": "NEW_RELIC_LICENSE_KEY",
    "okta_token": "OKTA_API_TOKEN",
    "terraform_cloud_token": "TF_TOKEN_app_terraform_io",
    "notion_token": "NOTION_TOKEN",
    "figma_token": "FIGMA_TOKEN",
    "supabase_key": "SUPABASE_SERVICE_ROLE_KEY",
    "twilio_api_key": "TWILIO_API_SECRET",
    "azure_shared_access": "AZURE_SAS_SIG",
    "azure_client_secret": "AZURE_CLIENT_SECRET",
    "google_oauth_client_secret": "GOOGLE_CLIENT_SECRET",
    "fcm_server_key": "FCM_SERVER_KEY",
    "age_secret_key": "SOPS_AGE_KEY",
    "wireguard_private_key": "WG_PRIVATE_KEY",
    "jwk_private_key": "JWK_D",
    "kubeconfig_credential": "KUBE_CLIENT_KEY_DATA",
    "basic_auth_header": "BASIC_AUTH",
    "session_cookie": "SESSION_COOKIE",
    "app_signing_secret": "SECRET_KEY",
    "password_connstr": "SQL_PASSWORD",
    "mailchimp_key": "MAILCHIMP_API_KEY",
    "grafana_token": "GRAFANA_TOKEN",
    "pulumi_token": "PULUMI_ACCESS_TOKEN",
    "azure_storage": "AZURE_STORAGE_KEY",
}

# PII field names, in the words a developer uses for them.
FIELD6 = {
    "email": "email",
    "credit_card": "card number",
    "iban": "IBAN",
    "ssn": "SSN",
    "date_of_birth": "date of birth",
    "person_name": "name",
    "uk_nino": "NI number",
    "ca_sin": "SIN",
    "passport_number": "passport number",
    "es_dni": "DNI",
    "br_cpf": "CPF",
    "date_of_birth_intl": "Geburtsdatum",
    "email_variant": "email",
    "person_name_translit": "name",
    "nl_bsn": "BSN",
    "fr_nir": "numéro de sécu",
    "pl_pesel": "PESEL",
    "in_aadhaar": "Aadhaar",
    "in_pan": "PAN",
    "za_id": "ID number",
    "kr_rrn": "주민등록번호",
    "se_personnummer": "personnummer",
    "au_tfn": "TFN",
    "uk_nhs": "NHS number",
    "cn_resident_id": "身份证号",
    "de_steuer_id": "Steuer-ID",
    "it_codice_fiscale": "codice fiscale",
    "iban_intl": "IBAN",
    "date_of_birth_written": "birthday",
    "person_name_world": "full name",
    "email_idn": "e-mail",
}
PATH_LIKE6 = {"windows_profile", "home_dir_user", "ipv4", "ipv6", "ipv6_forms"}


def _value6(name: str, rng: random.Random) -> list[str]:
    """Fresh values of an earlier category: its generator, else its first family's needles."""
    if name in GENS:
        return [GENS[name](rng)]
    c = next(c for c in CATS if c.name == name)
    return c.make(rng, 0)[1]


def _family_picks(i: int, n_families: int, k: int) -> list[int]:
    # spread the shared families over categories so each gets k different shapes
    out: list[int] = []
    j = i * 5 + 1
    while len(out) < k:
        f = j % n_families
        if f not in out:
            out.append(f)
        j += 7
    return out


# Category-specific families (CLI output, containers a tool writes) for the multi-value kinds.
def _aws6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kid, sec = "AKIA" + _rs(rng, UPPER32, 16), aws_secret(rng)
    return _choose(
        [
            "$ aws configure\nAWS Access Key ID [None]: {kid}\nAWS Secret Access Key [None]: {sec}\n"
            "Default region name [None]: eu-west-1\nDefault output format [None]: json",
            "[Service]\nEnvironment=AWS_ACCESS_KEY_ID={kid}\nEnvironment=AWS_SECRET_ACCESS_KEY={sec}",
            "hey can u try with these, mine expired\nkey: {kid}\nsecret: {sec}\nregion eu-central-1",
            "<server>\n  <id>s3-releases</id>\n  <username>{kid}</username>\n"
            "  <passphrase>{sec}</passphrase>\n</server>",
        ],
        t,
        kid=kid,
        sec=sec,
    ), [kid, sec]


def _twilio6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sid, tok = "AC" + _rs(rng, HEX, 32), _rs(rng, HEX, 32)
    return _choose(
        [
            "twilio:\n  account_sid: {sid}\n  auth_token: {tok}\n  from: '+15005550006'",
            "curl -X POST https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json -u {sid}:{tok}",
            "Hallo, hier die Zugangsdaten für Twilio:\nSID {sid}\nToken {tok}\nGruß",
        ],
        t,
        sid=sid,
        tok=tok,
    ), [sid, tok]


def _twilio_api6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sk, sec = "SK" + _rs(rng, HEX, 32), _rs(rng, B62, 32)
    return _choose(
        [
            'environment=TWILIO_API_KEY="{sk}",TWILIO_API_SECRET="{sec}"',
            "twilio_api_key: {sk}\ntwilio_api_secret: !!str {sec}",
        ],
        t,
        sk=sk,
        sec=sec,
    ), [sk, sec]


def _gcp_sa6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 25)
    kid = _rs(rng, HEX, 40)
    pk = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n"
    obj = {
        "type": "service_account",
        "project_id": "acme-data-7731",
        "private_key_id": kid,
        "private_key": pk,
        "client_email": "etl@acme-data-7731.iam.gserviceaccount.com",
    }
    if t == 0:  # Ansible vars file holding the key file inline
        text = "gcp_sa_json: |\n  " + json.dumps(obj, indent=2).replace("\n", "\n  ")
    else:  # GitHub Actions secret pasted into an issue as one JSON line
        text = "GOOGLE_CREDENTIALS secret is set to:\n" + json.dumps(obj)
    return text, [kid, *body]


def _pem6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(6, 14))
    pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
    if t == 0:  # Ansible copy task with inline content
        text = "- name: install deploy key\n  copy:\n    dest: /home/deploy/.ssh/id_rsa\n"
        text += "    mode: '0600'\n    content: |\n"
        text += "      " + pem.replace("\n", "\n      ")
    elif t == 1:  # Chef data bag JSON
        text = json.dumps({"id": "deploy", "private_key": pem}, indent=2)
    else:  # tmux scrollback of `cat`
        text = "root@bastion:~# cat /etc/ssl/private/api.key\n" + pem + "\nroot@bastion:~# "
    return text, body


def _pgp6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(8, 14))
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    if t == 0:  # GitHub Actions step with the armoured key in a heredoc
        text = "- run: |\n    gpg --batch --import <<'KEY'\n    " + block.replace("\n", "\n    ") + "\n    KEY"
    else:  # Maven settings.xml gpg profile
        text = "<profile>\n  <id>release</id>\n  <properties>\n    <gpg.keyname>releases</gpg.keyname>\n"
        text += "    <gpg.secretKey>" + block + "</gpg.secretKey>\n  </properties>\n</profile>"
    return text, body


def _putty6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(4, 8))
    ppk = (
        "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20240312\nPublic-Lines: 2\n"
        + "AAAAB3NzaC1yc2EAAAADAQABAAABAQ\nCvZ2hbJ3kqLr8=\nPrivate-Lines: "
        + str(len(body))
        + "\n"
        + "\n".join(body)
        + "\nPrivate-MAC: "
        + _rs(rng, HEX, 64)
    )
    if t == 0:
        return "ich hab den key aus puttygen exportiert, geht trotzdem nicht:\n" + ppk, body
    return "# Ansible vars\nwin_ppk: |\n  " + ppk.replace("\n", "\n  "), body


def _pw_url6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    q = urllib.parse.quote(pw, safe="")
    return _choose(
        [
            "production:\n  adapter: postgresql\n  url: postgres://rails:{q}@db.acme.internal:5432/app_prod",
            "$ git remote -v\norigin  https://deploy:{q}@git.acme.dev/platform/api.git (fetch)",
            "spring:\n  datasource:\n    url: jdbc:mysql://db.acme.internal:3306/app?user=app&password={q}",
        ],
        t,
        q=q,
    ), [pw, q]


def _webhook6(host: str, label: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (part,) = _value6(label, rng)[:1]
        url = f"{host}{part}"
        return _choose(
            [
                '[Service]\nEnvironment="WEBHOOK_URL={url}"',
                "alerting:\n  notify:\n    url: ${{NOTIFY_URL:{url}}}",
                "hier der webhook fürs team: {url} bitte nicht weitergeben",
            ],
            t,
            url=url,
        ), [part]

    return make


def _winpath6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("windows_profile", rng)[:1]
    return _choose(
        [
            "ERROR: Could not install packages due to an OSError: [WinError 5] Access is denied: "
            "'C:\\\\Users\\\\{u}\\\\AppData\\\\Local\\\\Temp\\\\pip-uninstall-x1'",
            "[Service]\nWorkingDirectory=C:/Users/{u}/src/api",
            "eh el path da: C:\\Users\\{u}\\Documents\\GitHub\\api mesh la2eeh",
        ],
        t,
        u=u,
    ), [u]


def _homepath6(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("home_dir_user", rng)[:1]
    return _choose(
        [
            "[program:api]\ndirectory=/home/{u}/apps/api\ncommand=/home/{u}/.venv/bin/gunicorn app:app",
            "0 2 * * * /Users/{u}/bin/backup.sh >/dev/null 2>&1",
            "bazel-out -> /home/{u}/.cache/bazel/_bazel_{u}/4f1c/execroot/__main__/bazel-out",
        ],
        t,
        u=u,
    ), [u]


def _ip6fam(name: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (v,) = _value6(name, rng)[:1]
        return _choose(
            [
                "2024-03-12 10:01:22,114 fail2ban.actions [812]: NOTICE [sshd] Ban {v}",
                "allow {v};\ndeny all;",
                "deploy   pts/0        {v}   Tue Mar 12 09:14   still logged in",
            ],
            t,
            v=v,
        ), [v]

    return make


# CLI output a tool prints, for the categories whose tool has one
EXTRA6 = {
    "github_pat_classic": [
        "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account ci-bot (keyring)\n"
        "  - Active account: true\n  - Git operations protocol: https\n  - Token: {v}"
    ],
    "github_pat_fine": ["$ git remote set-url origin https://x-access-token:{v}@github.com/acme/api.git"],
    "gitlab_pat": ["$ git config --global credential.https://gitlab.com.helper '!f() {{ echo password={v}; }}; f'"],
    "docker_hub_pat": ["$ docker login -u acmeci\nPassword: {v}\nLogin Succeeded"],
    "kubeconfig_credential": [
        "$ kubectl config view --raw\nusers:\n- name: admin@prod\n  user:\n    client-key-data: {v}"
    ],
    "password_cli": ["$ mysql -h db.acme.internal -u root --password={v} -e 'show databases'"],
    "npm_token": ["$ npm config get //registry.npmjs.org/:_authToken\n{v}"],
}


def _generic6(name: str, kind: str, i: int) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    fams = SECRET_FAMILIES6 if kind == "secret" else PII_FAMILIES6
    picks = [fams[j] for j in _family_picks(i, len(fams), 3)] + EXTRA6.get(name, [])
    label = LABEL6.get(name, name.upper())
    fname = FIELD6.get(name, name.split("_")[0])

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        vals = _value6(name, rng)
        v = vals[0]
        return _choose(picks, t, v=v, L=label, l=label.lower(), f=fname), vals[:1]

    return make, len(picks)


_SPECIFIC6: dict[str, tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]] = {
    "aws_keys": (_aws6, 4),
    "twilio": (_twilio6, 3),
    "twilio_api_key": (_twilio_api6, 2),
    "gcp_service_account": (_gcp_sa6, 2),
    "pem_private_key": (_pem6, 3),
    "pgp_private_key": (_pgp6, 2),
    "putty_private_key": (_putty6, 2),
    "password_url": (_pw_url6, 3),
    "slack_webhook": (_webhook6("https://hooks.slack.com/services/", "slack_webhook"), 3),
    "discord_webhook": (_webhook6("https://discord.com/api/webhooks/", "discord_webhook"), 3),
    "windows_profile": (_winpath6, 3),
    "home_dir_user": (_homepath6, 3),
    "ipv4": (_ip6fam("ipv4"), 3),
    "ipv6": (_ip6fam("ipv6"), 3),
    "ipv6_forms": (_ip6fam("ipv6_forms"), 3),
}


for _i, _c in enumerate(list(CATS)):
    if _c.name in _SPECIFIC6:
        _extend6(_c.name, *_SPECIFIC6[_c.name])
    else:
        _extend6(_c.name, *_generic6(_c.name, _c.kind, _i))


# --- categories the generator lacked: provider tokens with documented public formats

ALNUM_UP = string.ascii_uppercase + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits


def _mapbox_secret(r: random.Random) -> str:
    payload = json.dumps({"u": username(r).replace(".", ""), "a": _rs(r, LOWER_ALNUM, 25)}, separators=(",", ":"))
    return "sk." + base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=") + "." + _rs(r, B64URL, 22)


NEW_SECRETS6: list[tuple[str, str, Callable[[random.Random], str], list[str]]] = [
    (
        "airtable_pat",
        "AIRTABLE_API_KEY",
        lambda r: "pat" + _rs(r, B62, 14) + "." + _rs(r, HEX, 64),
        ['const base = new Airtable({{ apiKey: "{v}" }}).base("appXk1")', "airtable:\n  token: {v}"],
    ),
    (
        "dynatrace_token",
        "DT_API_TOKEN",
        lambda r: "dt0c01." + _rs(r, ALNUM_UP, 24) + "." + _rs(r, ALNUM_UP, 64),
        [
            'curl -H "Authorization: Api-Token {v}" https://abc12345.live.dynatrace.com/api/v2/metrics',
            "DT_API_TOKEN={v}",
        ],
    ),
    (
        "planetscale_token",
        "PLANETSCALE_PASSWORD",
        lambda r: r.choice(["pscale_tkn_", "pscale_pw_"]) + _rs(r, B64URL, 43),
        ["pscale auth login --service-token {v}", 'DATABASE_PASSWORD="{v}"'],
    ),
    (
        "rubygems_key",
        "GEM_HOST_API_KEY",
        lambda r: "rubygems_" + _rs(r, HEX, 48),
        ["---\n:rubygems_api_key: {v}", "GEM_HOST_API_KEY={v} gem push acme-client-1.4.0.gem"],
    ),
    (
        "nuget_key",
        "NUGET_API_KEY",
        lambda r: "oy2" + _rs(r, LOWER_ALNUM, 43),
        [
            "dotnet nuget push bin/Release/*.nupkg --api-key {v} --source https://api.nuget.org/v3/index.json",
            '<add key="ClearTextPassword" value="{v}" />',
        ],
    ),
    (
        "buildkite_token",
        "BUILDKITE_API_TOKEN",
        lambda r: "bkua_" + _rs(r, HEX, 40),
        ['curl -H "Authorization: Bearer {v}" https://api.buildkite.com/v2/organizations', "bk configure --token {v}"],
    ),
    (
        "contentful_pat",
        "CONTENTFUL_MANAGEMENT_TOKEN",
        lambda r: "CFPAT-" + _rs(r, B64URL, 43),
        ["contentful login --management-token {v}", "const client = contentful.createClient({{ accessToken: '{v}' }})"],
    ),
    (
        "mapbox_secret",
        "MAPBOX_DOWNLOADS_TOKEN",
        _mapbox_secret,
        ["MAPBOX_DOWNLOADS_TOKEN={v}", "machine api.mapbox.com\nlogin mapbox\npassword {v}"],
    ),
    (
        "square_token",
        "SQUARE_ACCESS_TOKEN",
        lambda r: "EAAA" + _rs(r, B64URL, 60),
        ['client = Square::Client.new(access_token: "{v}", environment: "production")', "square:\n  access_token: {v}"],
    ),
]
for _name6, _label6, _gen6, _own6 in NEW_SECRETS6:
    LABEL6[_name6] = _label6
    _extra = [SECRET_FAMILIES6[j] for j in _family_picks(len(CATS), len(SECRET_FAMILIES6), 2)]
    round6_cat(
        _name6, "secret", [t.replace("{L}", _label6).replace("{l}", _label6.lower()) for t in _extra] + _own6, _gen6
    )


# --- national ids of more countries, with their check digits (validated by python-stdnum in the tests)


def _birth(r: random.Random, lo: int = 1950, hi: int = 2004) -> tuple[int, int, int]:
    return r.randrange(lo, hi), r.randrange(1, 13), r.randrange(1, 29)


def be_nn(r: random.Random) -> str:
    y, m, d = _birth(r)
    base = f"{y % 100:02d}{m:02d}{d:02d}{r.randrange(1, 998):03d}"
    check = 97 - int(("2" if y >= 2000 else "") + base) % 97  # born in 2000 or later: prefixed 2
    v = f"{base}{check:02d}"
    return f"{v[:2]}.{v[2:4]}.{v[4:6]}-{v[6:9]}.{v[9:]}" if r.random() < 0.5 else v


def no_fnr(r: random.Random) -> str:
    from stdnum.no import fodselsnummer

    while True:
        y, m, d = _birth(r, 1954, 1999)
        base = f"{d:02d}{m:02d}{y % 100:02d}{r.randrange(0, 500):03d}"
        k1 = fodselsnummer.calc_check_digit1(base)
        if len(k1) != 1:
            continue
        k2 = fodselsnummer.calc_check_digit2(base + k1)
        if len(k2) == 1:
            return base + k1 + k2


def fi_hetu(r: random.Random) -> str:
    y, m, d = _birth(r)
    num = f"{d:02d}{m:02d}{y % 100:02d}"
    ind = r.randrange(2, 900)
    check = "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(f"{num}{ind:03d}") % 31]
    return f"{num}{'-' if y < 2000 else 'A'}{ind:03d}{check}"


def ch_ahv(r: random.Random) -> str:
    digits = "756" + _rs(r, "0123456789", 9)
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(digits))
    v = digits + str((10 - total % 10) % 10)
    return f"{v[:3]}.{v[3:7]}.{v[7:11]}.{v[11:]}"


def tr_tckimlik(r: random.Random) -> str:
    from stdnum.tr import tckimlik

    base = str(r.randrange(1, 10)) + _rs(r, "0123456789", 8)
    return base + tckimlik.calc_check_digits(base)


def cl_rut(r: random.Random) -> str:
    from stdnum.cl import rut

    n = str(r.randrange(5_000_000, 26_000_000))
    return f"{int(n):,}".replace(",", ".") + "-" + rut.calc_check_digit(n)


def ro_cnp(r: random.Random) -> str:
    from stdnum.ro import cnp

    y, m, d = _birth(r, 1950, 1999)
    base = f"{r.choice('12')}{y % 100:02d}{m:02d}{d:02d}{r.randrange(1, 47):02d}{r.randrange(1, 1000):03d}"
    return base + cnp.calc_check_digit(base)


def il_idnr(r: random.Random) -> str:
    base = _rs(r, "0123456789", 8)
    total = 0
    for i, c in enumerate(base):
        x = int(c) * (2 if i % 2 else 1)
        total += x - 9 if x > 9 else x
    return base + str((10 - total % 10) % 10)


NEW_IDS6: list[tuple[str, Callable[[random.Random], str], list[str]]] = [
    ("be_national_number", be_nn, ["Rijksregisternummer: {v}", '"numero_national": "{v}"', "NN {v} — à vérifier svp"]),
    ("no_fodselsnummer", no_fnr, ["fødselsnummer: {v}", "personnr;navn\n{v};kunde", "kan du sjekke {v}?"]),
    ("fi_hetu", fi_hetu, ["henkilötunnus {v}", '"hetu": "{v}"', "hetu=ok ({v})"]),
    ("ch_ahv", ch_ahv, ["AHV-Nr. {v}", "numéro AVS : {v}", '"ahv": "{v}"']),
    ("tr_tckimlik", tr_tckimlik, ["TC Kimlik No: {v}", "müşterinin tc no su {v} kontrol eder misin", '"tckn": "{v}"']),
    ("cl_rut", cl_rut, ["RUT: {v}", "mi rut es {v} y no me deja pagar", '"rut": "{v}"']),
    ("ro_cnp", ro_cnp, ["CNP: {v}", "clientul are CNP {v}, verifică te rog", '"cnp": "{v}"']),
    ("il_id_number", il_idnr, ["Teudat Zehut: {v}", "mispar zehut {v} , tavdok bevakasha", '"id_number": "{v}"']),
]
for _name6, _gen6, _own6 in NEW_IDS6:
    round6_cat(_name6, "pii", _own6, _gen6)


# --- phones, addresses and IBANs of more countries


def phone6(rng: random.Random, region: str) -> str:
    ex = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    nsn = str(ex.national_number)
    for _ in range(500):
        num = phonenumbers.parse(f"+{ex.country_code}{nsn[:-6]}{_rs(rng, '0123456789', 6)}")
        if phonenumbers.is_valid_number(num) and str(num.national_number) != nsn:
            fmt = rng.choice([phonenumbers.PhoneNumberFormat.NATIONAL, phonenumbers.PhoneNumberFormat.INTERNATIONAL])
            return phonenumbers.format_number(num, fmt)
    raise RuntimeError(region)


for _region, _templates in [
    ("NG", ["abeg call me for {v}", "Phone: {v}", '"msisdn": "{v}"']),
    ("EG", ["kallemny 3ala {v} ba3d el sa3a 5", "mobile: {v}", '"phone": "{v}"']),
    ("PH", ["txt me po {v}", "Contact No.: {v}", '"mobile": "{v}"']),
    ("TR", ["beni {v} numarasından ara", "Tel: {v}", '"telefon": "{v}"']),
    ("AR", ["mandame un whatsapp al {v}", "Cel.: {v}", '"celular": "{v}"']),
]:

    def _mk_phone6(
        rng: random.Random, t: int, region: str = _region, ts: list[str] = _templates
    ) -> tuple[str, list[str]]:
        v = phone6(rng, region)
        return _choose(ts, t, v=v), [v]

    round6_custom(f"phone_{_region.lower()}", "pii", _mk_phone6, len(_templates))


def address6(rng: random.Random, region: str) -> str:
    n = rng.randrange(1, 240)
    if region == "IE":
        street = rng.choice(["Harcourt Street", "Main Street", "Patrick Street", "Shop Street", "O'Connell Street"])
        town, key = rng.choice([("Dublin 2", "D02"), ("Cork", "T12"), ("Galway", "H91"), ("Limerick", "V94")])
        eircode = key + " " + _rs(rng, "ACDEFHKNPRTVWXY", 1) + _rs(rng, "0123456789", 1)
        return f"{n} {street}, {town}, {eircode}{_rs(rng, 'ACDEFHKNPRTVWXY0123456789', 2)}"
    if region == "MX":
        street, col, city = rng.choice(
            [
                ("Av. Insurgentes Sur", "Col. Del Valle", "Ciudad de México, CDMX"),
                ("Calle Morelos", "Col. Centro", "Guadalajara, Jal."),
                ("Av. Constitución", "Col. Obispado", "Monterrey, N.L."),
            ]
        )
        return f"{street} {n}, {col}, C.P. {rng.randrange(1000, 99999):05d}, {city}"
    street = rng.choice(["Bahnhofstrasse", "Seestrasse", "Rue du Rhône", "Via Nassa", "Marktgasse"])
    plz, city = rng.choice([("8001", "Zürich"), ("1204", "Genève"), ("6900", "Lugano"), ("3011", "Bern")])
    return f"{street} {n}, {plz} {city}"


for _region, _templates in [
    ("IE", ["Ship to: {v}", "my address is {v}, sorry for the delay", '"address": "{v}"']),
    ("MX", ["Dirección de envío: {v}", "mi domicilio es {v}", '"direccion": "{v}"']),
    ("CH", ["Lieferadresse: {v}", "adresse de facturation : {v}", '"adresse": "{v}"']),
]:

    def _mk_addr6(
        rng: random.Random, t: int, region: str = _region, ts: list[str] = _templates
    ) -> tuple[str, list[str]]:
        v = address6(rng, region)
        return _choose(ts, t, v=v), [v]

    round6_custom(f"address_{_region.lower()}", "pii", _mk_addr6, len(_templates))


def iban6(rng: random.Random) -> str:
    d = "0123456789"

    def no_bban() -> str:  # Norwegian ones a mod-11 check (no account takes remainder 1)
        while True:
            n = _rs(rng, d, 10)
            c = (11 - sum(int(x) * w for x, w in zip(n, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2], strict=True)) % 11) % 11
            if c < 10:
                return f"{n}{c}"

    bban = {
        "LI": lambda: _rs(rng, d, 17),
        "CH": lambda: _rs(rng, d, 17),
        "NO": no_bban,
        "RO": lambda: _rs(rng, string.ascii_uppercase, 4) + _rs(rng, d, 16),
        "HU": lambda: _rs(rng, d, 24),
        "CZ": lambda: _rs(rng, d, 20),
        "GR": lambda: _rs(rng, d, 23),
        "HR": lambda: _rs(rng, d, 17),
        "SK": lambda: _rs(rng, d, 20),
        "LU": lambda: _rs(rng, d, 16),
        "IL": lambda: _rs(rng, d, 19),
        "EE": lambda: _rs(rng, d, 16),
    }
    cc = rng.choice(sorted(bban))
    b = bban[cc]()
    check = 98 - int("".join(str(int(c, 36)) for c in b + cc + "00")) % 97
    value = f"{cc}{check:02d}{b}"
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.5 else value


round6_cat(
    "iban_more",
    "pii",
    [
        "Kontonummer (IBAN): {v}",
        "please wire the refund to {v} (my account)",
        '"payout_iban": "{v}"',
        "iban={v}&amount=120",
    ],
    iban6,
)


# --- dates of birth and names in forms the earlier rounds lack

JP_ERAS = [("昭和", 1925), ("平成", 1988)]


def dob6(rng: random.Random) -> str:
    y, m, d = _birth(rng, 1950, 2004)
    form = rng.randrange(5)
    if form == 0 and y < 2019:  # Japanese era year
        era, base = JP_ERAS[0] if y < 1989 else JP_ERAS[1]
        return f"{era}{y - base}年{m}月{d}日"
    if form == 1:
        return f"{y}-{m:02d}-{d:02d}T00:00:00.000Z"
    if form == 2:
        return f"{d:02d}.{m:02d}.{y % 100:02d}"
    if form == 3:
        return f"{y}年{m}月{d}日"
    return (
        f"{d}{'th' if 10 < d < 14 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')} of {MONTHS[m - 1]} '{y % 100:02d}"
    )


round6_cat(
    "date_of_birth_forms",
    "pii",
    ['"birthDate": "{v}"', "生年月日: {v}", "dob {v} per the form she sent", "Geb.-Datum {v}"],
    dob6,
)

NAMES6 = [
    "Nguyễn Thị Minh Khai",
    "Trần Văn Hùng",
    "Adébáyọ̀ Ọlátúnjí",
    "Chukwuemeka Okonkwo",
    "Kovács Péter",
    "Sigríður Jónsdóttir",
    "Abebe Girma Tesfaye",
    "Somchai Wongsawat",
    "Mohammed bin Abdullah Al-Qahtani",
    "María José García-López de Haro",
    "Maria Clara dela Cruz",
    "Zhang Xiuying",
    "Aroha Ngata",
    "Keanu Kahananui",
    "Dagny Haugland",
    "Oluwaseun Adeyemi",
    "Thiago Gonçalves Pereira",
    "Rangi Parata",
    "Giorgi Beridze",
    "Ayşe Yılmaz",
]


round6_cat(
    "person_name_more",
    "pii",
    [
        "fix(api): handle empty payloads\n\nReported-by: {v}",
        "Action items:\n- {v} to rotate the DB creds\n- infra to update the runbook",
        "Patient: {v}\nWard: 4B",
        "tolong kabari {v} kalau deploy sudah selesai",
    ],
    lambda r: r.choice(NAMES6),
)


# ---------------------------------------------------------------------------------------------
# round 7 (a second holdout, written blind to the engine): new families for every earlier
# category (CI variables, deploy CLIs, more languages' code, SQL and PowerShell credential
# statements, raw HTTP, logfmt, CSV exports, tickets, signatures, form dumps, error messages that
# echo the value, chat in more languages) and categories the generator lacked (more credential
# formats with documented prefixes, MFA seeds and recovery codes, wallet keys, Wi-Fi and SNMP
# secrets; national ids of more countries with their check digits, driving licences, health
# insurance numbers, domestic bank accounts, more card networks and IBAN countries, phones and
# addresses of more countries, dates of birth in more languages, names of more cultures,
# obfuscated e-mails).

ROUND7 = 7


def _extend7(name: str, make7: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-7 families (drawn by ``make7`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make7(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND7,) * n)


def round7_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND7,) * n))


def _camel(label: str) -> str:
    parts = [p for p in label.lower().split("_") if p]
    return parts[0] + "".join(p.title() for p in parts[1:])


def _pascal(key: str) -> str:
    return "".join(p.title() for p in key.split("_") if p)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {v} the value.
SECRET_FAMILIES7 = [
    "docker build --build-arg {L}={v} -t registry.acme.dev/api:latest .",
    'variables:\n  {L}: "{v}"\n  DOCKER_DRIVER: overlay2\n\ntest:\n  script:\n    - make test',
    '---\n# group_vars/production.yml (not vaulted yet)\n{l}: "{v}"\nnginx_worker_processes: 4',
    "acme:\n  client:\n    {k}: {v}\n    timeout: 30s\n"
    "management:\n  endpoints:\n    web:\n      exposure:\n        include: health",
    "%prod.acme.client.{k}={v}\nquarkus.http.port=8080",
    'const {L}: &str = "{v}";\n\nfn main() {{\n    let client = Client::new({L});\n}}',
    'func init() {{\n\tos.Setenv("{L}", "{v}")\n}}',
    'enum Secrets {{\n    static let {c} = "{v}"\n}}',
    'private const val {L} = "{v}"\n\nfun client() = ApiClient({L})',
    '$secure = ConvertTo-SecureString "{v}" -AsPlainText -Force\n$cred = New-Object PSCredential("svc-api", $secure)',
    "devops-oncall  10:42 AM\nfound the culprit, {L} on staging is still {v}\n:eyes: 2  :white_check_mark: 1",
    "h3. Workaround\nSet {{{{{L}}}}} to {{{{{v}}}}} in the job config and re-run the pipeline.",
    "ValueError: invalid {l} '{v}': expected a key for the production project",
    "| Name | Value | Env |\n|------|-------|-----|\n| `{L}` | `{v}` | prod |",
    "POST /v1/sync HTTP/1.1\nHost: api.acme.dev\nX-Api-Key: {v}\n"
    "Content-Type: application/json\nContent-Length: 2\n\n{{}}",
    'level=debug ts=2024-03-12T10:01:22Z caller=config.go:88 msg="loaded settings" {l}={v} region=eu-west-1',
    "key,value,updated_at\n{L},{v},2024-03-12\nLOG_LEVEL,info,2024-03-10",
    '# .envrc\nexport {L}="{v}"\nlayout python3',
    'job "api" {{\n  group "web" {{\n    task "server" {{\n'
    '      env {{\n        {L} = "{v}"\n      }}\n    }}\n  }}\n}}',
    "kubectl set env deployment/api {L}={v} -n prod",
    'gh secret set {L} --body "{v}" --repo acme/api',
    "heroku config:set {L}={v} -a acme-api-prod",
    "fly secrets set {L}={v} --app acme-api",
    "$ vercel env add {L} production\n? What's the value of {L}? {v}\n"
    "✅  Added Environment Variable {L} to Project acme-web",
    'firebase functions:config:set acme.{l}="{v}"',
    "provider:\n  name: aws\n  environment:\n    {L}: {v}\n    STAGE: prod",
    'config :acme, Acme.Client,\n  {l}: "{v}",\n  pool_size: 10',
    "define('{L}', '{v}');",
    'api_key = ENV.fetch("{L}") {{ "{v}" }}',
    'process.env.{L} ??= "{v}";',
    '#define {L} "{v}"',
    'set $upstream_key "{v}";\nproxy_set_header X-Api-Key $upstream_key;',
    "Ticket #48213 · Integration down · Priority: High\n\n"
    "Customer wrote: we use the key {v} and every call fails since Monday.",
    "Hi team,\n\nplease use the key below for the staging integration:\n\n{v}\n\n"
    "Best regards,\nIntegration Support\nAcme Corp | acme.dev",
    "UPDATE integrations SET {l} = '{v}' WHERE id = 3;",
    "pipelines:\n  default:\n    - step:\n        script:\n          - export {L}={v}\n          - ./deploy.sh",
    "variables:\n- name: {L}\n  value: '{v}'\n- name: buildConfiguration\n  value: Release",
    "environment {{\n    {L} = '{v}'\n    JAVA_HOME = '/opt/java/17'\n}}",
    '"env": {{\n    "{L}": "{v}",\n    "NODE_ENV": "development"\n}}',
    '<envs>\n  <env name="{L}" value="{v}" />\n</envs>',
    'def test_client(monkeypatch):\n    monkeypatch.setenv("{L}", "{v}")\n    assert make_client().ok',
    'printf "{v}" | docker secret create {l} -',
    "reg add HKCU\\Environment /v {L} /d {v} /f",
    "launchctl setenv {L} {v}",
    "de key werkt niet meer: {v} — krijg steeds 401, iemand een idee?",
    "ragazzi la chiave {v} non va più, mi dà 401",
    "gente, essa chave {v} parou de funcionar, tá dando 401",
    "klucz {v} przestał działać, ciągle 401, ktoś wie czemu?",
    "이 키로 호출하면 401이 나와요: {v}",
    "这个 key 一直报 401：{v}，帮忙看看",
    "ключ {v} не работает, выдаёт 401",
    "key này bị lỗi 401: {v} ai biết không",
    "kenapa ya key {v} ini selalu 401",
]

# PII families: {f} the field in words, {k} a snake-case key, {K} its Pascal case, {v} the value,
# {vq} the value URL-encoded.
PII_FAMILIES7 = [
    "Ticket #50219 · Priority: High\nRequester {f}: {v}\nSubject: cannot reset password",
    "Kind regards,\n\nAccounts Payable\nAcme GmbH\n{f}: {v}",
    "form_data = {{'step': 'billing', '{k}': '{v}', 'consent': True}}",
    'level=info ts=2024-03-12T10:01:22Z msg="profile updated" {k}="{v}" user_id=8812',
    '"id","{k}","status"\n"1042","{v}","active"',
    "| field | value |\n|---|---|\n| {f} | {v} |",
    "POST /api/profile HTTP/1.1\nHost: app.acme.dev\n"
    "Content-Type: application/x-www-form-urlencoded\n\n{k}={vq}&save=1",
    "pydantic_core._pydantic_core.ValidationError: 1 validation error for Customer\n{k}\n"
    "  Value error, invalid {f} [type=value_error, input_value='{v}', input_type=str]",
    "Customer confirmed their {f} is {{{{{v}}}}}, closing the ticket.",
    "support-bot  APP  9:14 AM\nNew request from the web form\n*{f}:* {v}",
    "Hi there,\n\nthanks for reaching out. We have updated your {f} to {v}.\n\nAcme Support",
    "UPDATE customers SET {k} = '{v}' WHERE id = 4411;",
    'db.customers.find({{ {k}: "{v}" }})',
    '{{"query": {{"term": {{"{k}": "{v}"}}}}}}',
    '2024-03-12T10:01:22Z audit actor=support-agent action=update field={k} new_value="{v}"',
    '@pytest.fixture\ndef customer():\n    return Customer({k}="{v}")',
    '- {k}: "{v}"\n  status: active',
    "de klant zegt dat zijn {f} {v} is, kun je het nakijken?",
    "il cliente ha comunicato il {f}: {v}, puoi controllare?",
    "o cliente informou {f} {v}, pode verificar?",
    "klient podał {f}: {v}, sprawdzisz?",
    "고객이 알려준 {f}: {v} 확인 부탁드립니다",
    "客户提供的{f}是 {v}，麻烦核对一下",
    "клиент прислал {f}: {v}, проверь пожалуйста",
    "pelanggan bilang {f} nya {v}, tolong dicek",
    "khách hàng gửi {f}: {v}, nhờ kiểm tra giúp",
    "Data subject access request: please export everything we hold under {v}.",
    '{{"event": "customer.updated", "data": {{"{k}": "{v}"}}}}',
    'customer {{\n  {k}: "{v}"\n}}',
    '[[customers]]\n{k} = "{v}"',
    "'{k}' => '{v}',",
    'c := Customer{{{K}: "{v}"}}',
    "[{k}={v}] INFO  c.a.checkout.CheckoutService - payment authorised",
]

KEY7 = {
    "email": "email",
    "credit_card": "card_number",
    "iban": "iban",
    "ssn": "ssn",
    "date_of_birth": "date_of_birth",
    "person_name": "full_name",
    "uk_nino": "ni_number",
    "ca_sin": "sin",
    "passport_number": "passport_no",
    "es_dni": "dni",
    "br_cpf": "cpf",
    "date_of_birth_intl": "birth_date",
    "email_variant": "email",
    "person_name_translit": "name",
    "fr_nir": "nir",
    "in_aadhaar": "aadhaar",
    "kr_rrn": "rrn",
    "cn_resident_id": "id_card",
    "de_steuer_id": "steuer_id",
    "it_codice_fiscale": "codice_fiscale",
    "iban_intl": "iban",
    "iban_more": "iban",
    "date_of_birth_written": "birthday",
    "date_of_birth_forms": "dob",
    "person_name_world": "full_name",
    "person_name_more": "contact_name",
    "email_idn": "email",
}
# field names of the round-6 categories FIELD6 lacks
FIELD7 = {
    "be_national_number": "national number",
    "no_fodselsnummer": "fødselsnummer",
    "fi_hetu": "henkilötunnus",
    "ch_ahv": "AHV number",
    "tr_tckimlik": "TC kimlik no",
    "cl_rut": "RUT",
    "ro_cnp": "CNP",
    "il_id_number": "ID number",
    "iban_more": "IBAN",
    "date_of_birth_forms": "date of birth",
    "person_name_more": "name",
}
PATH_LIKE7 = {"windows_profile", "home_dir_user", "ipv4", "ipv6", "ipv6_forms"}


def _key7(name: str) -> str:
    if name in KEY7:
        return KEY7[name]
    for prefix, key in (("phone", "phone"), ("address", "address"), ("iban", "iban"), ("email", "email")):
        if name.startswith(prefix):
            return key
    return name


def _picks7(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round7:{name}").sample(range(n_families), k)


def _generic7(
    name: str, kind: str, extra: list[str], k: int = 3
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    fams = SECRET_FAMILIES7 if kind == "secret" else PII_FAMILIES7
    picks = [fams[j] for j in _picks7(name, len(fams), k)] + extra
    label = LABEL6.get(name, name.upper())
    fname = FIELD7.get(name) or FIELD6.get(name, name.split("_")[0])
    key = _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value6(name, rng)[0]
        text = _choose(
            picks,
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label),
            K=_pascal(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


# credential statements and tool invocations a password category's value sits in
EXTRA7 = {
    "password_code": [
        'CREATE USER app_rw IDENTIFIED BY "{v}";\nGRANT SELECT, INSERT ON orders TO app_rw;',
        "CREATE USER 'app'@'%' IDENTIFIED BY '{v}';",
        "ALTER ROLE reporting WITH LOGIN PASSWORD '{v}';",
        "signingConfigs {{\n    release {{\n        storeFile file('release.jks')\n        storePassword '{v}'\n"
        "        keyAlias 'upload'\n    }}\n}}",
    ],
    "password_cli": [
        'ldapsearch -x -H ldaps://ldap.acme.internal -D "cn=admin,dc=acme,dc=dev" -w {v} "(uid=*)"',
        "redis-cli -h cache.acme.internal -a '{v}' --no-auth-warning ping",
        "keytool -importcert -alias acme-ca -file ca.crt -keystore truststore.jks -storepass {v} -noprompt",
    ],
    "password_connstr": [
        "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
        'username="svc-orders" password="{v}";',
        "mount -t cifs //fs01.acme.internal/share /mnt/share -o username=svc-backup,password={v},vers=3.0",
    ],
    "password_env": ["# redis.conf\nbind 0.0.0.0\nrequirepass {v}\nmaxmemory 2gb"],
    "password_xml": ['<property name="hibernate.connection.password">{v}</property>'],
    "password_ssh": [
        "sshpass -p '{v}' scp dump.sql deploy@bastion.acme.internal:/tmp/",
        "plink -ssh deploy@bastion.acme.internal -pw {v} -batch uptime",
    ],
    "password_prose": ["the admin pw for grafana is {v} — pls rotate after the demo"],
    "npm_token": ["//registry.npmjs.org/:_authToken={v}\n@acme:registry=https://npm.pkg.github.com"],
    "pypi_token": ["[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {v}"],
    "gitlab_pat": ["script:\n    - 'curl --header \"PRIVATE-TOKEN: {v}\" https://gitlab.com/api/v4/projects'"],
    "github_pat_classic": [
        "$ git push\nUsername for 'https://github.com': ci-bot\nPassword for 'https://ci-bot@github.com': {v}"
    ],
    "jwt": ["HTTP/1.1 200 OK\nContent-Type: application/json\nSet-Cookie: access_token={v}; HttpOnly; Secure"],
    "slack_token": [
        '$ curl -s -H \'Authorization: Bearer {v}\' https://slack.com/api/auth.test\n{{"ok":true,"team":"acme"}}'
    ],
    "stripe_key": ["stripe:\n  secret-key: {v}\n  webhook-path: /stripe/events"],
}


def _aws7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kid, sec = "AKIA" + _rs(rng, UPPER32, 16), aws_secret(rng)
    return _choose(
        [
            "Access key ID,Secret access key\n{kid},{sec}",
            'let creds = Credentials::new("{kid}", "{sec}", None, None, "static");',
            'cfg.Credentials = credentials.NewStaticCredentialsProvider("{kid}", "{sec}", "")',
            "Set-AWSCredential -AccessKey {kid} -SecretKey {sec} -StoreAs prod",
            'variables:\n  AWS_ACCESS_KEY_ID: "{kid}"\n  AWS_SECRET_ACCESS_KEY: "{sec}"\n'
            "  AWS_DEFAULT_REGION: eu-west-1",
        ],
        t,
        kid=kid,
        sec=sec,
    ), [kid, sec]


def _twilio7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sid, tok = "AC" + _rs(rng, HEX, 32), _rs(rng, HEX, 32)
    return _choose(
        [
            'val client = TwilioRestClient.Builder("{sid}", "{tok}").build()',
            '$cred = New-Object PSCredential("{sid}", (ConvertTo-SecureString "{tok}" -AsPlainText -Force))',
            'client := twilio.NewRestClientWithParams(twilio.ClientParams{{Username: "{sid}", Password: "{tok}"}})',
        ],
        t,
        sid=sid,
        tok=tok,
    ), [sid, tok]


def _twilio_api7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sk, sec = "SK" + _rs(rng, HEX, 32), _rs(rng, B62, 32)
    return _choose(
        [
            'variables:\n  TWILIO_API_KEY: "{sk}"\n  TWILIO_API_SECRET: "{sec}"',
            "twilio_api_key,twilio_api_secret\n{sk},{sec}",
        ],
        t,
        sk=sk,
        sec=sec,
    ), [sk, sec]


def _gcp_sa7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 25)
    kid = _rs(rng, HEX, 40)
    pk = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n"
    obj = {
        "type": "service_account",
        "project_id": "acme-ml-4410",
        "private_key_id": kid,
        "private_key": pk,
        "client_email": "trainer@acme-ml-4410.iam.gserviceaccount.com",
    }
    if t == 0:  # Terraform provider with the key file inline in a heredoc
        text = 'provider "google" {\n  project     = "acme-ml-4410"\n  credentials = <<EOF\n'
        text += json.dumps(obj, indent=2) + "\nEOF\n}"
    elif t == 1:  # a k8s Secret's stringData
        text = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: gcp-sa\nstringData:\n  key.json: |\n    "
        text += json.dumps(obj, indent=2).replace("\n", "\n    ")
    else:  # a Python dict literal handed to from_service_account_info
        text = "creds = service_account.Credentials.from_service_account_info(" + repr(obj) + ")"
    return text, [kid, *body]


def _pem7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(6, 14))
    pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
    if t == 0:  # Go raw string literal
        text = "var signingKey = []byte(`" + pem + "`)"
    elif t == 1:  # Terraform heredoc, indented
        text = 'resource "tls_cert_request" "api" {\n  private_key_pem = <<-EOT\n    '
        text += pem.replace("\n", "\n    ") + "\n  EOT\n}"
    elif t == 2:  # PowerShell here-string written to a file
        text = "@'\n" + pem + "\n'@ | Set-Content -Path C:\\keys\\api.key"
    else:  # Java string concatenation, one line per literal
        lines = pem.split("\n")
        text = "String key =\n" + " +\n".join(f'    "{ln}\\n"' for ln in lines) + ";"
    return text, body


def _pgp7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(8, 14))
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    if t == 0:
        text = "$ gpg --export-secret-keys --armor 0x3AA5C34371567BD2\n" + block
    else:
        text = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: release-signing\nstringData:\n  private.asc: |\n    "
        text += block.replace("\n", "\n    ")
    return text, body


def _putty7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(4, 8))
    ppk = (
        "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: imported-openssh-key\nPublic-Lines: 2\n"
        + "AAAAB3NzaC1yc2EAAAABJQAAAQEA\nq9Xz3Lm0=\nPrivate-Lines: "
        + str(len(body))
        + "\n"
        + "\n".join(body)
        + "\nPrivate-MAC: "
        + _rs(rng, HEX, 40)
    )
    if t == 0:
        return "devops-oncall  11:02 AM\npageant rejects this one, any idea why?\n" + ppk, body
    return "@'\n" + ppk + "\n'@ | Set-Content -Path $env:TEMP\\deploy.ppk", body


def _pw_url7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    q = urllib.parse.quote(pw, safe="")
    return _choose(
        [
            'db, err := sql.Open("postgres", "postgres://app:{q}@db.acme.internal:5432/app?sslmode=require")',
            'broker_url = "amqp://orders:{q}@rabbit.acme.internal:5672//"',
            "redis-cli -u redis://default:{q}@cache.acme.internal:6379 info",
            'mongosh "mongodb+srv://app:{q}@cluster0.x1y2z.mongodb.net/prod"',
        ],
        t,
        q=q,
    ), [pw, q]


def _webhook7(host: str, label: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (part,) = _value6(label, rng)[:1]
        url = f"{host}{part}"
        return _choose(
            [
                'Invoke-RestMethod -Uri "{url}" -Method Post -Body $payload -ContentType "application/json"',
                "contactPoints:\n  - orgId: 1\n    name: oncall\n    receivers:\n      - uid: oncall\n"
                "        type: webhook\n        settings:\n          url: {url}",
                'resp, err := http.Post("{url}", "application/json", bytes.NewReader(body))',
            ],
            t,
            url=url,
        ), [part]

    return make


def _winpath7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("windows_profile", rng)[:1]
    return _choose(
        [
            "PS C:\\Users\\{u}\\source\\repos\\api> dotnet build -c Release",
            '"cwd": "C:\\\\Users\\\\{u}\\\\Projects\\\\web"',
            '  File "C:\\Users\\{u}\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\json\\decoder.py", line 355',
            "saved the export to C:\\Users\\{u}\\OneDrive - Acme\\Desktop\\report.xlsx",
        ],
        t,
        u=u,
    ), [u]


def _homepath7(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("home_dir_user", rng)[:1]
    return _choose(
        [
            "ssh -i /home/{u}/.ssh/id_ed25519 deploy@bastion.acme.internal",
            "Path: /Users/{u}/Applications/Acme.app/Contents/MacOS/Acme\nIdentifier: dev.acme.desktop",
            "thread 'main' panicked at /home/{u}/.cargo/registry/src/index.crates.io-6f17d22bba15001f/"
            "serde_json-1.0.114/src/de.rs:2153:9",
            "rsync -av --delete ./dist/ /home/{u}/www/acme/",
        ],
        t,
        u=u,
    ), [u]


def _ip7fam(name: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (v,) = _value6(name, rng)[:1]
        return _choose(
            [
                '{v} - - [12/Mar/2024:10:01:22 +0000] "POST /login HTTP/1.1" 401 512 "-" "Mozilla/5.0"',
                "iptables -A INPUT -s {v} -j DROP",
                'level=warn msg="too many attempts" remote_addr={v} path=/api/login',
                "X-Forwarded-For: {v}",
            ],
            t,
            v=v,
        ), [v]

    return make


_SPECIFIC7: dict[str, tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]] = {
    "aws_keys": (_aws7, 5),
    "twilio": (_twilio7, 3),
    "twilio_api_key": (_twilio_api7, 2),
    "gcp_service_account": (_gcp_sa7, 3),
    "pem_private_key": (_pem7, 4),
    "pgp_private_key": (_pgp7, 2),
    "putty_private_key": (_putty7, 2),
    "password_url": (_pw_url7, 4),
    "slack_webhook": (_webhook7("https://hooks.slack.com/services/", "slack_webhook"), 3),
    "discord_webhook": (_webhook7("https://discord.com/api/webhooks/", "discord_webhook"), 3),
    "windows_profile": (_winpath7, 4),
    "home_dir_user": (_homepath7, 4),
    "ipv4": (_ip7fam("ipv4"), 4),
    "ipv6": (_ip7fam("ipv6"), 4),
    "ipv6_forms": (_ip7fam("ipv6_forms"), 4),
}

for _c in list(CATS):
    if _c.name in _SPECIFIC7:
        _extend7(_c.name, *_SPECIFIC7[_c.name])
    else:
        _extend7(_c.name, *_generic7(_c.name, _c.kind, EXTRA7.get(_c.name, [])))


# --- categories the generator lacked: credential formats with documented prefixes


def _uuid4(r: random.Random) -> str:
    h = _rs(r, HEX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{r.choice('89ab')}{h[17:20]}-{h[20:]}"


def _multi7(
    formats: list[tuple[str, Callable[[random.Random], str]]], own: list[str], name: str, shared: int = 2
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several token formats: each draw picks a format (its label and generator)."""
    templates = own + [SECRET_FAMILIES7[j] for j in _picks7(name, len(SECRET_FAMILIES7), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        label, gen = rng.choice(formats)
        v = gen(rng)
        text = _choose(templates, t, v=v, L=label, l=label.lower(), k=label.lower().replace("_", "-"), c=_camel(label))
        return text, [v]

    return make, len(templates)


def _langsmith(r: random.Random) -> str:
    return f"lsv2_{r.choice(['pt', 'sk'])}_{_rs(r, HEX, 32)}_{_rs(r, HEX, 10)}"


AI_PLATFORM7 = [
    ("OPENROUTER_API_KEY", lambda r: "sk-or-v1-" + _rs(r, HEX, 64)),
    ("LANGSMITH_API_KEY", _langsmith),
    ("LANGFUSE_SECRET_KEY", lambda r: "sk-lf-" + _uuid4(r)),
    ("PINECONE_API_KEY", lambda r: "pcsk_" + _rs(r, B62, 6) + "_" + _rs(r, B62, 63)),
    ("ELEVENLABS_API_KEY", lambda r: "sk_" + _rs(r, HEX, 48)),
]
COMMERCE7 = [
    ("SHIPPO_API_TOKEN", lambda r: "shippo_live_" + _rs(r, HEX, 40)),
    ("EASYPOST_API_KEY", lambda r: "EZAK" + _rs(r, LOWER_ALNUM, 54)),
    ("FLW_SECRET_KEY", lambda r: "FLWSECK-" + _rs(r, HEX, 32) + "-X"),
    ("DUFFEL_ACCESS_TOKEN", lambda r: "duffel_live_" + _rs(r, B64URL, 43)),
    ("PAYSTACK_SECRET_KEY", lambda r: "sk_live_" + _rs(r, HEX, 40)),
    (
        "BRAINTREE_ACCESS_TOKEN",
        lambda r: f"access_token$production${_rs(r, LOWER_ALNUM, 16)}${_rs(r, HEX, 32)}",
    ),
]


def _jfrog_ref(r: random.Random) -> str:
    raw = f"reftkn:01:{r.randrange(1_700_000_000, 2_000_000_000)}:{_rs(r, B62, 27)}"
    return base64.b64encode(raw.encode()).decode().rstrip("=")


DEVTOOLS7 = [
    ("SONAR_TOKEN", lambda r: r.choice(["squ_", "sqp_", "sqa_"]) + _rs(r, HEX, 40)),
    ("JFROG_ACCESS_TOKEN", _jfrog_ref),
    ("ARTIFACTORY_API_KEY", lambda r: "AKCp" + _rs(r, B62, 69)),
    ("OCTOPUS_API_KEY", lambda r: "API-" + _rs(r, ALNUM_UP, 26)),
    (
        "HARNESS_PLATFORM_API_KEY",
        lambda r: f"{r.choice(['pat', 'sat'])}.{_rs(r, B64URL, 22)}.{_rs(r, B62, 24)}.{_rs(r, B62, 20)}",
    ),
    ("PREFECT_API_KEY", lambda r: "pnu_" + _rs(r, LOWER_ALNUM, 36)),
    ("CLOJARS_DEPLOY_TOKEN", lambda r: "CLOJARS_" + _rs(r, LOWER_ALNUM, 60)),
    ("TYPEFORM_TOKEN", lambda r: "tfp_" + _rs(r, B62, 44) + "_" + _rs(r, B62, 14)),
    ("ASANA_PAT", lambda r: f"{r.choice('12')}/{r.randrange(10**15, 10**16)}:{_rs(r, HEX, 32)}"),
    ("RENDER_API_KEY", lambda r: "rnd_" + _rs(r, B62, 32)),
    ("ADAFRUIT_IO_KEY", lambda r: "aio_" + _rs(r, B62, 28)),
    ("DROPBOX_ACCESS_TOKEN", lambda r: "sl." + _rs(r, B64URL, 136)),
]
NETWORK7 = [
    (
        "TS_AUTHKEY",
        lambda r: f"tskey-{r.choice(['auth', 'api', 'client'])}-{_rs(r, B62, 11)}CNTRL-{_rs(r, B62, 33)}",
    ),
    ("NGROK_AUTHTOKEN", lambda r: "2" + _rs(r, B62, 26) + "_" + _rs(r, B62, 21)),
    ("CF_ORIGIN_CA_KEY", lambda r: "v1.0-" + _rs(r, HEX, 24) + "-" + _rs(r, HEX, 146)),
    ("CLOUDFLARE_API_TOKEN", lambda r: _rs(r, B62, 20) + r.choice("-_") + _rs(r, B64URL, 19)),
]


def _op_service_token(r: random.Random) -> str:
    payload = {
        "signInAddress": "my.1password.com",
        "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": _rs(r, B64URL, 22)},
        "email": f"{_rs(r, LOWER_ALNUM, 13)}@1passwordserviceaccounts.com",
        "srpX": _rs(r, HEX, 64),
        "muk": {
            "alg": "A256GCM",
            "ext": True,
            "k": _rs(r, B64URL, 43),
            "key_ops": ["encrypt", "decrypt"],
            "kty": "oct",
        },
        "secretKey": "A3-" + _rs(r, ALNUM_UP, 6) + "-" + _rs(r, ALNUM_UP, 26),
        "deviceUuid": _rs(r, LOWER_ALNUM, 26),
    }
    return "ops_" + base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode()).decode().rstrip("=")


def _op_secret_key(r: random.Random) -> str:
    a = "ABCDEFGHJKLMNPQRSTVWXYZ23456789"
    return f"A3-{_rs(r, a, 6)}-{_rs(r, a, 6)}-{_rs(r, a, 5)}-{_rs(r, a, 5)}-{_rs(r, a, 5)}-{_rs(r, a, 5)}"


PASSWORD_MANAGER7 = [
    ("OP_SERVICE_ACCOUNT_TOKEN", _op_service_token),
    ("OP_SECRET_KEY", _op_secret_key),
    ("BWS_ACCESS_TOKEN", lambda r: f"0.{_uuid4(r)}.{_rs(r, B62, 30)}:{_rs(r, B62, 22)}=="),
]
EMAIL_API7 = [
    ("RESEND_API_KEY", lambda r: "re_" + _rs(r, B62, 8) + "_" + _rs(r, B62, 24)),
    ("BREVO_API_KEY", lambda r: "xkeysib-" + _rs(r, HEX, 64) + "-" + _rs(r, B62, 16)),
    ("POSTMARK_SERVER_TOKEN", _uuid4),
]

for _name7, _formats7, _own7 in [
    (
        "ai_platform_key",
        AI_PLATFORM7,
        [
            "{L}={v}",
            'client = OpenAI(base_url="https://openrouter.ai/api/v1", api_key="{v}")  # {L}',
            "export {L}='{v}'\npython eval_agent.py --dataset smoke",
            "my {l} ({v}) gets 401 from the tracing endpoint, any idea?",
        ],
    ),
    (
        "commerce_api_key",
        COMMERCE7,
        [
            "{L}={v}",
            'curl https://api.acme-shop.dev/checkout -H "Authorization: Bearer {v}"  # {L}',
            'payments:\n  provider_key: "{v}"  # {L}',
        ],
    ),
    (
        "devtools_token",
        DEVTOOLS7,
        [
            "{L}={v}",
            '- name: scan\n  env:\n    {L}: "{v}"\n  run: ./scripts/ci.sh',
            'curl -H "Authorization: Bearer {v}" https://tools.acme.dev/api/v1/projects  # {L}',
            "set {L} to {v} in the CI settings and it still says unauthorized",
        ],
    ),
    (
        "network_tunnel_token",
        NETWORK7,
        [
            "{L}={v}",
            "tailscale up --authkey={v} --hostname=build-07  # {L}",
            "ngrok config add-authtoken {v}  # {L}",
            "services:\n  edge:\n    environment:\n      {L}: {v}",
        ],
    ),
    (
        "password_manager_secret",
        PASSWORD_MANAGER7,
        [
            "export {L}={v}",
            "{L}: {v}",
            "here is the {l} for the CI vault, store it somewhere safe: {v}",
        ],
    ),
    (
        "email_api_key",
        EMAIL_API7,
        [
            "{L}={v}",
            'const mailer = createClient({{ apiKey: "{v}" }}); // {L}',
            'curl https://api.mailer.dev/emails -H "Authorization: Bearer {v}" -d @mail.json  # {L}',
        ],
    ),
]:
    round7_custom(_name7, "secret", *_multi7(_formats7, _own7, _name7))


def _labelled7(name: str, label: str, gen: Callable[[random.Random], str], own: list[str], shared: int = 2) -> None:
    LABEL6[name] = label
    GENS[name] = gen
    round7_custom(name, "secret", *_multi7([(label, gen)], own, name, shared))


def _discord_bot(r: random.Random) -> str:
    snowflake = str(r.randrange(10**17, 13 * 10**17))
    return (
        base64.b64encode(snowflake.encode()).decode().rstrip("=") + "." + _rs(r, B64URL, 6) + "." + _rs(r, B64URL, 38)
    )


def _x_bearer(r: random.Random) -> str:
    return "A" * 22 + _rs(r, B62, 3) + "A" * 7 + _rs(r, B62, 1) + "%2B" + _rs(r, B62, 20) + "%3D" + _rs(r, B62, 50)


_labelled7(
    "azure_devops_pat",
    "AZURE_DEVOPS_EXT_PAT",
    lambda r: _rs(r, "abcdefghijklmnopqrstuvwxyz234567", 52),
    [
        "AZURE_DEVOPS_EXT_PAT={v}",
        "git clone https://pat:{v}@dev.azure.com/acme/platform/_git/api",
        "echo {v} | az devops login --organization https://dev.azure.com/acme",
    ],
)
_labelled7(
    "discord_bot_token",
    "DISCORD_TOKEN",
    _discord_bot,
    ['client.run("{v}")', "DISCORD_TOKEN={v}", "Authorization: Bot {v}"],
)
_labelled7(
    "meta_access_token",
    "WHATSAPP_TOKEN",
    lambda r: "EAA" + r.choice("BGIJ") + _rs(r, B62, r.randrange(150, 200)),
    [
        'curl "https://graph.facebook.com/v19.0/me/accounts?access_token={v}"',
        "FB_PAGE_ACCESS_TOKEN={v}",
        'curl -X POST https://graph.facebook.com/v19.0/1122334455/messages -H "Authorization: Bearer {v}"',
    ],
)
_labelled7(
    "x_bearer_token",
    "TWITTER_BEARER_TOKEN",
    _x_bearer,
    [
        "TWITTER_BEARER_TOKEN={v}",
        'client = tweepy.Client(bearer_token="{v}")',
        'curl "https://api.twitter.com/2/tweets/search/recent?query=acme" -H "Authorization: Bearer {v}"',
    ],
)
_labelled7(
    "google_refresh_token",
    "GOOGLE_REFRESH_TOKEN",
    lambda r: "1//0" + r.choice("3456789abcdefg") + _rs(r, B64URL, 98),
    [
        '{{\n  "type": "authorized_user",\n  "refresh_token": "{v}",\n  "quota_project_id": "acme-dev"\n}}',
        "refresh_token: {v}",
        "curl -d refresh_token={v} -d grant_type=refresh_token https://oauth2.googleapis.com/token",
    ],
)


def _chat_webhook(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.randrange(4)
    if kind == 0:
        secret = f"{_uuid4(rng)}@{_uuid4(rng)}/IncomingWebhook/{_rs(rng, HEX, 32)}/{_uuid4(rng)}"
        url, needles = f"https://acme.webhook.office.com/webhookb2/{secret}", [secret]
    elif kind == 1:
        key, tok = "AIzaSy" + _rs(rng, B64URL, 33), _rs(rng, B64URL, 43)
        url = f"https://chat.googleapis.com/v1/spaces/AAAA{_rs(rng, B64URL, 7)}/messages?key={key}&token={tok}"
        needles = [key, tok]
    elif kind == 2:
        secret = _rs(rng, LOWER_ALNUM, 26)
        url, needles = f"https://mattermost.acme.dev/hooks/{secret}", [secret]
    else:
        secret = f"{rng.randrange(10**6, 10**7)}/{_rs(rng, LOWER_ALNUM, 6)}"
        url, needles = f"https://hooks.zapier.com/hooks/catch/{secret}/", [secret]
    text = _choose(
        [
            "ALERT_WEBHOOK_URL={url}",
            'requests.post("{url}", json={{"text": "deploy finished"}})',
            "notifications:\n  webhooks:\n    - url: {url}\n      on: [failure]",
            "here's the channel webhook, don't share it: {url}",
        ],
        t,
        url=url,
    )
    return text, needles


round7_custom("chat_webhook", "secret", _chat_webhook, 4)


def _app_password(r: random.Random) -> str:
    groups = [_rs(r, string.ascii_lowercase, 4) for _ in range(4)]
    return ("-" if r.random() < 0.5 else " ").join(groups)


def _totp(r: random.Random) -> str:
    raw = _rs(r, UPPER32, r.choice([16, 32]))
    if r.random() < 0.4:  # as authenticator set-up pages show it
        return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4)).lower()
    return raw


for _name7, _label7, _gen7, _own7 in [
    (
        "app_password",
        "SMTP_PASSWORD",
        _app_password,
        [
            'smtp_password = "{v}"  # gmail app password',
            "I generated an app-specific password for the CI mailer: {v}",
            'xcrun altool --upload-app -f App.ipa -u "$APPLE_ID" -p "{v}"',
            "EMAIL_HOST_PASSWORD='{v}'",
        ],
    ),
    (
        "totp_secret",
        "MFA_SECRET",
        _totp,
        [
            "otpauth://totp/Acme:deploy?secret={vn}&issuer=Acme&digits=6",
            "2FA setup key (if you can't scan the QR): {v}",
            'totp = pyotp.TOTP("{vn}")\nprint(totp.now())',
            "MFA_SECRET={vn}",
        ],
    ),
]:

    def _mk_spaced(
        rng: random.Random, t: int, gen: Callable[[random.Random], str] = _gen7, ts: list[str] = _own7
    ) -> tuple[str, list[str]]:
        v = gen(rng)
        vn = v.replace(" ", "").upper() if " " in v and "{vn}" in ts[t % len(ts)] else v
        text = _choose(ts, t, v=v, vn=vn)
        return text, [vn if "{vn}" in ts[t % len(ts)] else v]

    LABEL6[_name7] = _label7
    round7_custom(_name7, "secret", _mk_spaced, len(_own7))


def _recovery_codes(rng: random.Random, t: int) -> tuple[str, list[str]]:
    if t % 3 == 2:  # Google backup codes: eight digits, spaced
        codes = [f"{rng.randrange(1000, 9999)} {rng.randrange(1000, 9999)}" for _ in range(4)]
    else:  # GitHub recovery codes
        codes = [f"{_rs(rng, HEX, 5)}-{_rs(rng, HEX, 5)}" for _ in range(4)]
    text = _choose(
        [
            "here are my github recovery codes in case I lose my phone:\n{c}",
            "$ cat ~/Downloads/github-recovery-codes.txt\n{c}",
            "BACKUP VERIFICATION CODES\nAcme Google Workspace (ops)\n\n{c}\n\nKeep these somewhere safe.",
        ],
        t,
        c="\n".join(codes),
    )
    return text, codes


round7_custom("mfa_recovery_code", "secret", _recovery_codes, 3)

B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _b58check(payload: bytes) -> str:
    import hashlib

    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n = int.from_bytes(raw, "big")
    out = ""
    while n:
        n, rem = divmod(n, 58)
        out = B58[rem] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


def wif_key(r: random.Random) -> str:
    return _b58check(b"\x80" + bytes(r.randrange(256) for _ in range(32)) + b"\x01")


def _wallet(rng: random.Random, t: int) -> tuple[str, list[str]]:
    if t < 3:
        v = "0x" + _rs(rng, HEX, 64)
        tpl = [
            "PRIVATE_KEY={v}\nRPC_URL=https://eth-sepolia.g.alchemy.com/v2/demo",
            'const wallet = new ethers.Wallet("{v}", provider);',
            'networks: {{\n  mainnet: {{ url: MAINNET_RPC, accounts: ["{v}"] }}\n}}',
        ][t]
    else:
        v = wif_key(rng)
        tpl = ['bitcoin-cli importprivkey {v} "cold" false', "my wallet's WIF is {v}, is it safe to import?"][t - 3]
    return tpl.format(v=v), [v]


round7_custom("crypto_wallet_key", "secret", _wallet, 5)


def wifi_password(r: random.Random) -> str:
    if r.random() < 0.4:
        words = r.choice(["Blue", "Kiwi", "Otter", "Maple"]) + r.choice(["Sky", "Fox", "Moon"])
        return f"{words}{r.randrange(1000, 9999)}!"
    return password(r)


def snmp_community(r: random.Random) -> str:
    return r.choice(["noc", "mon", "ro", "netops"]) + r.choice(["-", "_", ""]) + _rs(r, B62, r.randrange(10, 16))


_labelled7(
    "wifi_password",
    "WIFI_PSK",
    wifi_password,
    [
        'nmcli dev wifi connect "Acme-Office" password "{v}"',
        'network={{\n    ssid="Acme-Office"\n    psk="{v}"\n}}',
        "    Key Content            : {v}",
        "wifi pw for the office is {v} btw",
        "WIFI:T:WPA;S:Acme-Office;P:{v};;",
    ],
    shared=0,
)
_labelled7(
    "snmp_community",
    "SNMP_COMMUNITY",
    snmp_community,
    [
        "snmpwalk -v2c -c {v} 192.0.2.10 system",
        "# /etc/snmp/snmpd.conf\nrocommunity {v} 10.20.0.0/16\nsyslocation rack-4",
        "auths:\n  acme_v2:\n    community: {v}\n    version: 2",
    ],
    shared=1,
)


# --- national ids of more countries, with their check digits (python-stdnum's calculators where
# it has one, validated by python-stdnum in the tests)


def dk_cpr(r: random.Random) -> str:
    from stdnum.dk import cpr

    while True:
        y, m, d = _birth(r, 1940, 2004)
        # the seventh digit and the two-digit year give the century
        seventh = r.choice("0123") if y < 2000 else r.choice("4")
        v = f"{d:02d}{m:02d}{y % 100:02d}{seventh}{_rs(r, '0123456789', 3)}"
        if cpr.is_valid(v):
            return f"{v[:6]}-{v[6:]}" if r.random() < 0.6 else v


def pt_nif(r: random.Random) -> str:
    from stdnum.pt import nif

    base = r.choice("123") + _rs(r, "0123456789", 7)
    v = base + nif.calc_check_digit(base)
    return f"{v[:3]} {v[3:6]} {v[6:]}" if r.random() < 0.3 else v


def gr_amka(r: random.Random) -> str:
    from stdnum import luhn

    y, m, d = _birth(r)
    base = f"{d:02d}{m:02d}{y % 100:02d}{_rs(r, '0123456789', 4)}"
    return base + luhn.calc_check_digit(base)


def bg_egn(r: random.Random) -> str:
    from stdnum.bg import egn

    y, m, d = _birth(r)
    base = f"{y % 100:02d}{m + (40 if y >= 2000 else 0):02d}{d:02d}{_rs(r, '0123456789', 3)}"
    return base + egn.calc_check_digit(base)


def cz_rc(r: random.Random) -> str:
    while True:
        y, m, d = _birth(r, 1954, 2004)
        base = f"{y % 100:02d}{m + (50 if r.random() < 0.5 else 0):02d}{d:02d}{_rs(r, '0123456789', 3)}"
        check = int(base) % 11
        if check < 10:
            return f"{base[:6]}/{base[6:]}{check}"


def ee_lt_code(r: random.Random) -> str:
    from stdnum.ee import ik

    y, m, d = _birth(r)
    first = (3 if y < 2000 else 5) + r.randrange(2)
    base = f"{first}{y % 100:02d}{m:02d}{d:02d}{_rs(r, '0123456789', 3)}"
    return base + ik.calc_check_digit(base + "0")  # (the calculator skips the last digit)


def hr_oib(r: random.Random) -> str:
    from stdnum.iso7064 import mod_11_10  # (ISO 7064 MOD 11,10, as the OIB uses)

    base = str(r.randrange(1, 10)) + _rs(r, "0123456789", 9)
    return base + mod_11_10.calc_check_digit(base)


def is_kennitala(r: random.Random) -> str:
    from stdnum.is_ import kennitala

    while True:
        y, m, d = _birth(r)
        # day, month, year, two serial digits, the check digit (drawn: one in eleven passes), century
        v = f"{d:02d}{m:02d}{y % 100:02d}{_rs(r, '0123456789', 3)}{'9' if y < 2000 else '0'}"
        if kennitala.is_valid(v):
            return f"{v[:6]}-{v[6:]}" if r.random() < 0.6 else v


def mx_curp(r: random.Random) -> str:
    from stdnum.mx import curp

    states = ["AS", "BC", "CH", "DF", "GT", "JC", "MC", "MN", "NL", "OC", "PL", "QT", "SL", "VZ", "YN"]
    cons = "BCDFGHJKLMNPQRSTVWXYZ"
    while True:
        y, m, d = _birth(r)
        base = (
            _rs(r, cons, 1)
            + r.choice("AEIOU")
            + _rs(r, cons, 2)
            + f"{y % 100:02d}{m:02d}{d:02d}"
            + r.choice("HM")
            + r.choice(states)
            + _rs(r, cons, 3)
            + (r.choice("0123456789") if y < 2000 else r.choice(string.ascii_uppercase))
        )
        v = base + curp.calc_check_digit(base + "0")
        if curp.is_valid(v):
            return v


def us_itin(r: random.Random) -> str:
    group = r.choice([*range(70, 89), 90, 91, 92, *range(94, 100)])  # (python-stdnum: not the 50-65 groups)
    return f"9{r.randrange(0, 100):02d}-{group}-{r.randrange(0, 10000):04d}"


def ar_cuil(r: random.Random) -> str:
    from stdnum.ar import cuit

    while True:
        base = r.choice(["20", "23", "24", "27"]) + str(r.randrange(10_000_000, 45_000_000))
        v = base + cuit.calc_check_digit(base)
        if cuit.is_valid(v):
            return f"{v[:2]}-{v[2:10]}-{v[10:]}" if r.random() < 0.7 else v


def jp_my_number(r: random.Random) -> str:
    from stdnum.jp import in_

    base = _rs(r, "0123456789", 11)
    v = base + in_.calc_check_digit(base)
    return f"{v[:4]} {v[4:8]} {v[8:]}" if r.random() < 0.5 else v


def sg_nric(r: random.Random) -> str:
    prefix = r.choice("ST")
    digits = _rs(r, "0123456789", 7)
    total = sum(int(c) * w for c, w in zip(digits, [2, 7, 6, 5, 4, 3, 2], strict=True)) + (4 if prefix == "T" else 0)
    return prefix + digits + "JZIHGFEDCBA"[total % 11]


def hk_id(r: random.Random) -> str:
    letter = r.choice(string.ascii_uppercase)
    digits = _rs(r, "0123456789", 6)
    total = 36 * 9 + (ord(letter) - 55) * 8 + sum(int(c) * w for c, w in zip(digits, range(7, 1, -1), strict=True))
    check = (11 - total % 11) % 11
    return f"{letter}{digits}({'A' if check == 10 else check})"


TW_LETTERS = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=True))


def tw_national_id(r: random.Random) -> str:
    letter = r.choice(sorted(TW_LETTERS))
    body = r.choice("12") + _rs(r, "0123456789", 7)
    n = TW_LETTERS[letter]
    total = n // 10 + (n % 10) * 9 + sum(int(c) * w for c, w in zip(body, range(8, 0, -1), strict=True))
    return f"{letter}{body}{(10 - total % 10) % 10}"


def th_national_id(r: random.Random) -> str:
    from stdnum.th import pin

    base = str(r.randrange(1, 9)) + _rs(r, "0123456789", 11)
    v = base + pin.calc_check_digit(base)
    return f"{v[0]}-{v[1:5]}-{v[5:10]}-{v[10:12]}-{v[12]}" if r.random() < 0.5 else v


def nz_ird(r: random.Random) -> str:
    from stdnum.nz import ird

    while True:
        base = str(r.randrange(10_000_000, 150_000_000))
        v = base + ird.calc_check_digit(base)
        if ird.is_valid(v):
            return f"{v[:-6]}-{v[-6:-3]}-{v[-3:]}"


NEW_IDS7: list[tuple[str, Callable[[random.Random], str], str, list[str]]] = [
    ("dk_cpr", dk_cpr, "CPR-nummer", ["CPR-nr.: {v}", "kan du tjekke cpr {v}?", '"cpr": "{v}"']),
    ("pt_nif", pt_nif, "NIF", ["NIF: {v}", "o meu contribuinte é {v}", '"nif": "{v}"']),
    ("gr_amka", gr_amka, "ΑΜΚΑ", ["ΑΜΚΑ: {v}", "AMKA {v} — please verify", '"amka": "{v}"']),
    ("bg_egn", bg_egn, "ЕГН", ["ЕГН: {v}", "EGN на клиента е {v}", '"egn": "{v}"']),
    ("cz_rodne_cislo", cz_rc, "rodné číslo", ["Rodné číslo: {v}", "zákazník uvedl r.č. {v}", '"rodne_cislo": "{v}"']),
    (
        "ee_lt_personal_code",
        ee_lt_code,
        "isikukood",
        ["Isikukood: {v}", "asmens kodas {v}, patikrinkite", '"personal_code": "{v}"'],
    ),
    ("hr_oib", hr_oib, "OIB", ["OIB: {v}", "klijentov OIB je {v}", '"oib": "{v}"']),
    ("is_kennitala", is_kennitala, "kennitala", ["Kennitala: {v}", "kt. {v}", '"kennitala": "{v}"']),
    ("mx_curp", mx_curp, "CURP", ["CURP: {v}", "mi curp es {v} y el sistema no la acepta", '"curp": "{v}"']),
    ("us_itin", us_itin, "ITIN", ["ITIN: {v}", "client files with ITIN {v} instead of an SSN", '"itin": "{v}"']),
    ("ar_cuil", ar_cuil, "CUIL", ["CUIL: {v}", "mi cuil es {v}, no me deja validar", '"cuil": "{v}"']),
    (
        "jp_my_number",
        jp_my_number,
        "マイナンバー",
        ["マイナンバー: {v}", "個人番号 {v} を登録済み", '"my_number": "{v}"'],
    ),
    ("sg_nric", sg_nric, "NRIC", ["NRIC: {v}", "customer's IC is {v} can check", '"nric": "{v}"']),
    ("hk_id", hk_id, "HKID", ["HKID: {v}", "身份證號碼 {v}", '"hkid": "{v}"']),
    (
        "tw_national_id",
        tw_national_id,
        "身分證字號",
        ["身分證字號：{v}", "ID no. {v} (Taiwan)", '"national_id": "{v}"'],
    ),
    (
        "th_national_id",
        th_national_id,
        "เลขประจำตัวประชาชน",
        ["เลขประจำตัวประชาชน {v}", "Thai ID: {v}", '"citizen_id": "{v}"'],
    ),
    ("nz_ird", nz_ird, "IRD number", ["IRD number: {v}", "my ird is {v}, can u update payroll", '"ird_number": "{v}"']),
]


def _pii7(name: str, gen: Callable[[random.Random], str], fname: str, own: list[str], key: str) -> None:
    """A new personal-data category: its own templates and two of the shared families."""
    GENS[name] = gen
    FIELD6[name] = fname
    KEY7[name] = key
    shared = [PII_FAMILIES7[j] for j in _picks7(name, len(PII_FAMILIES7), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = gen(rng)
        text = _choose(templates, t, v=v, vq=urllib.parse.quote(v, safe=""), f=fname, k=key, K=_pascal(key))
        return text, [v]

    round7_custom(name, "pii", make, len(templates))


for _name7, _gen7, _field7, _own7 in NEW_IDS7:
    _pii7(_name7, _gen7, _field7, _own7, _own7[2].split('"')[1])  # the key of its JSON family


# --- driving licences, health insurance numbers, domestic bank accounts, card networks


def driving_licence(r: random.Random) -> str:
    kind = r.randrange(3)
    if kind == 0:  # DVLA: surname, decade, month (+50 female), day, year, initials, 9, two check letters
        sur = _ascii_slug(r.choice(LAST)).upper()[:5].ljust(5, "9")
        y, m, d = _birth(r)
        init = _ascii_slug(r.choice(FIRST)).upper()[:1] + r.choice(string.ascii_uppercase + "9")
        month = m + (50 if r.random() < 0.5 else 0)
        v = f"{sur}{(y // 10) % 10}{month:02d}{d:02d}{y % 10}{init}9{_rs(r, string.ascii_uppercase, 2)}"
        return v if r.random() < 0.6 else f"{v[:5]} {v[5:11]} {v[11:]}"
    if kind == 1:  # California: a letter and seven digits
        return r.choice(string.ascii_uppercase) + _rs(r, "0123456789", 7)
    # Florida: a letter and twelve digits, dashed
    n = _rs(r, "0123456789", 12)
    return f"{r.choice(string.ascii_uppercase)}{n[:3]}-{n[3:6]}-{n[6:8]}-{n[8:11]}-{n[11]}"


def health_insurance_id(r: random.Random) -> str:
    kind = r.randrange(3)
    if kind == 0:  # German KVNR: letter (01-26) and eight digits, weights 1,2 with digit sums
        letter = r.choice(string.ascii_uppercase)
        digits = _rs(r, "0123456789", 8)
        seq = f"{ord(letter) - 64:02d}{digits}"
        total = 0
        for i, c in enumerate(seq):
            p = int(c) * (1 if i % 2 == 0 else 2)
            total += p // 10 + p % 10
        return f"{letter}{digits}{total % 10}"
    if kind == 1:  # US Medicare Beneficiary Identifier
        alpha = "ACDEFGHJKMNPQRTUVWXY"
        an = alpha + "0123456789"
        v = (
            str(r.randrange(1, 10))
            + _rs(r, alpha, 1)
            + _rs(r, an, 1)
            + _rs(r, "0123456789", 1)
            + _rs(r, alpha, 1)
            + _rs(r, an, 1)
            + _rs(r, "0123456789", 1)
            + _rs(r, alpha, 2)
            + _rs(r, "0123456789", 2)
        )
        return f"{v[:4]}-{v[4:7]}-{v[7:]}" if r.random() < 0.5 else v
    # Australian Medicare: first digit 2-6, weights 1,3,7,9 on eight digits, then the issue number
    first8 = str(r.randrange(2, 7)) + _rs(r, "0123456789", 7)
    check = sum(int(c) * w for c, w in zip(first8, [1, 3, 7, 9, 1, 3, 7, 9], strict=True)) % 10
    v = f"{first8}{check}{r.randrange(1, 10)}"
    return f"{v[:4]} {v[4:9]} {v[9]}"


for _name7, _gen7, _field7, _key7v, _own7 in [
    (
        "driving_licence",
        driving_licence,
        "driving licence number",
        "licence_number",
        ["Driving licence no: {v}", "DL# {v} exp 2029-04-30", '"driver_license": "{v}"', "Führerschein-Nr. {v}"],
    ),
    (
        "health_insurance_id",
        health_insurance_id,
        "insurance number",
        "insurance_id",
        ["Versichertennummer: {v}", "Medicare number {v}", '"member_id": "{v}"', "patient insurance id {v} (verified)"],
    ),
]:
    _pii7(_name7, _gen7, _field7, _own7, _key7v)


def _bank_account(rng: random.Random, t: int) -> tuple[str, list[str]]:
    from stdnum.us import rtn

    kind = rng.randrange(4)
    if kind == 0:
        routing_base = rng.choice(["01", "02", "03", "05", "07", "11", "12", "21", "26", "31"]) + _rs(
            rng, "0123456789", 6
        )
        routing = routing_base + rtn.calc_check_digit(routing_base)
        acct = _rs(rng, "123456789", 1) + _rs(rng, "0123456789", rng.randrange(8, 12))
        detail = f"routing {routing}, account {acct}"
    elif kind == 1:
        acct = _rs(rng, "0123456789", 8)
        detail = (
            f"sort code {rng.randrange(10, 99)}-{rng.randrange(10, 99)}-{rng.randrange(10, 99)}, account no. {acct}"
        )
    elif kind == 2:
        acct = _rs(rng, "123456789", 1) + _rs(rng, "0123456789", rng.randrange(7, 9))
        detail = f"BSB {rng.randrange(10, 99):03d}-{rng.randrange(0, 999):03d}, account {acct}"
    else:
        acct = _rs(rng, "123456789", 1) + _rs(rng, "0123456789", rng.randrange(10, 15))
        detail = f"IFSC {rng.choice(['HDFC', 'ICIC', 'SBIN', 'UTIB'])}0{_rs(rng, '0123456789', 6)}, A/c {acct}"
    text = _choose(
        [
            "please send the refund to my bank: {d}",
            "Payee details\n{d}\nReference: INV-20240312",
            "Bankverbindung für die Erstattung: {d}",
            'level=info msg="payout created" details="{d}"',
        ],
        t,
        d=detail,
    )
    return text, [acct]


round7_custom("bank_account_domestic", "pii", _bank_account, 4)


def card7(r: random.Random) -> str:
    prefix, length = r.choice(
        [
            ("62" + _rs(r, "0123456789", 4), r.choice([16, 19])),  # UnionPay
            (str(r.randrange(3528, 3590)), 16),  # JCB
            ("36", 14),  # Diners Club International
            (str(r.randrange(2200, 2205)), 16),  # Mir
            (r.choice(["636368", "438935", "504175", "451416"]), 16),  # Elo
            ("9792", 16),  # Troy
            (r.choice(["6521", "6522", "508"]), 16),  # RuPay
        ]
    )
    v = luhn_complete(prefix, length, r)
    form = r.randrange(3)
    if form == 0 and length == 16:
        return " ".join(v[i : i + 4] for i in range(0, 16, 4))
    if form == 1 and length == 16:
        return "-".join(v[i : i + 4] for i in range(0, 16, 4))
    return v


_pii7(
    "payment_card_more",
    card7,
    "card",
    [
        "card {v} exp 08/27",
        "Kartennummer: {v}",
        '"pan": "{v}"',
        "paid with my unionpay/jcb card {v} and it was charged twice",
    ],
    "card_number",
)


IBAN_BBAN7: dict[str, Callable[[random.Random], str]] = {
    "LV": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, ALNUM_UP, 13),
    "SI": lambda r: _rs(r, "0123456789", 15),
    "BG": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, "0123456789", 6) + _rs(r, ALNUM_UP, 8),
    "IS": lambda r: _rs(r, "0123456789", 22),
    "MT": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, "0123456789", 5) + _rs(r, ALNUM_UP, 18),
    "CY": lambda r: _rs(r, "0123456789", 8) + _rs(r, ALNUM_UP, 16),
    "UA": lambda r: _rs(r, "0123456789", 6) + _rs(r, ALNUM_UP, 19),
    "KZ": lambda r: _rs(r, "0123456789", 3) + _rs(r, ALNUM_UP, 13),
    "GE": lambda r: _rs(r, string.ascii_uppercase, 2) + _rs(r, "0123456789", 16),
    "QA": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, ALNUM_UP, 21),
    "KW": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, ALNUM_UP, 22),
    "JO": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, "0123456789", 4) + _rs(r, ALNUM_UP, 18),
    "PK": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, ALNUM_UP, 16),
    "TN": lambda r: _rs(r, "0123456789", 20),
    "EG": lambda r: _rs(r, "0123456789", 25),
    "AZ": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, ALNUM_UP, 20),
}


def iban7(rng: random.Random) -> str:
    cc = rng.choice(sorted(IBAN_BBAN7))
    b = IBAN_BBAN7[cc](rng)
    check = 98 - int("".join(str(int(c, 36)) for c in b + cc + "00")) % 97
    value = f"{cc}{check:02d}{b}"
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.5 else value


_pii7(
    "iban_rest",
    iban7,
    "IBAN",
    ["IBAN: {v}", "payment to {v} bounced, can you double-check?", '"beneficiary_iban": "{v}"'],
    "iban",
)


# --- phones, addresses, dates of birth, names and e-mails in forms the earlier rounds lack

PHONE_REGIONS7 = ["VN", "ID", "TH", "MY", "SG", "HK", "TW", "NZ", "CO", "PE", "CL", "PT", "GR", "DK", "CZ", "AT"]
PHONE_REGIONS7 += ["BE", "IL", "AE", "SA", "KE", "PK", "BD", "UA", "RO", "HU", "NO", "FI"]


def phone7(rng: random.Random) -> str:
    region = rng.choice(PHONE_REGIONS7)
    ex = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    nsn = str(ex.national_number)
    keep = max(1, len(nsn) - 6)
    for _ in range(500):
        num = phonenumbers.parse(f"+{ex.country_code}{nsn[:keep]}{_rs(rng, '0123456789', len(nsn) - keep)}")
        if phonenumbers.is_valid_number(num) and str(num.national_number) != nsn:
            fmt = rng.choice(
                [
                    phonenumbers.PhoneNumberFormat.NATIONAL,
                    phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                    phonenumbers.PhoneNumberFormat.E164,
                ]
            )
            return phonenumbers.format_number(num, fmt)
    raise RuntimeError(region)


_pii7(
    "phone_world",
    phone7,
    "phone",
    ["WhatsApp me on {v}", "Tel.: {v}", '"mobile_number": "{v}"', "call back on {v} after 6pm pls"],
    "phone",
)


def address7(rng: random.Random) -> str:
    n = rng.randrange(1, 200)
    forms = [
        lambda: f"Rua Augusta {n}, {rng.randrange(1000, 1999)}-{rng.randrange(0, 999):03d} Lisboa",
        lambda: f"Mariahilfer Straße {n}/{rng.randrange(1, 9)}/{rng.randrange(1, 30)}, 1060 Wien",
        lambda: f"Rue Neuve {n}, 1000 Bruxelles",
        lambda: f"Drottninggatan {n}, 111 {rng.randrange(20, 60)} Stockholm",
        lambda: f"Nørrebrogade {n}, {rng.randrange(1, 5)}. tv, 2200 København N",
        lambda: f"Vinohradská {n}, 120 00 Praha 2",
        lambda: (
            f"Blk {n} Ang Mo Kio Ave 3, #{rng.randrange(2, 20):02d}-{rng.randrange(10, 999)}, "
            f"Singapore 56{rng.randrange(0, 9999):04d}"
        ),
        lambda: f"{n} Queen Street, Auckland Central, Auckland 1010",
        lambda: f"서울특별시 강남구 테헤란로 {n}, {rng.randrange(2, 30)}층",
        lambda: f"北京市朝阳区建国路{n}号{rng.randrange(1, 30)}楼",
        lambda: f"{n} Long Street, Cape Town, 8001",
        lambda: f"Av. Corrientes {n * 10}, C1043 CABA",
        lambda: f"Ermou {n}, 105 63 Athens",
        lambda: f"Andrássy út {n}, 1061 Budapest",
        lambda: f"Karl Johans gate {n}, 0159 Oslo",
        lambda: f"Mannerheimintie {n} B {rng.randrange(1, 40)}, 00100 Helsinki",
    ]
    return rng.choice(forms)()


_pii7(
    "address_world",
    address7,
    "address",
    ["Shipping address: {v}", "please deliver to {v}, ring twice", '"street_address": "{v}"'],
    "address",
)

MONTHS7 = {
    "cs": [
        "ledna",
        "února",
        "března",
        "dubna",
        "května",
        "června",
        "července",
        "srpna",
        "září",
        "října",
        "listopadu",
        "prosince",
    ],
    "hu": [
        "január",
        "február",
        "március",
        "április",
        "május",
        "június",
        "július",
        "augusztus",
        "szeptember",
        "október",
        "november",
        "december",
    ],
    "fi": [
        "tammikuuta",
        "helmikuuta",
        "maaliskuuta",
        "huhtikuuta",
        "toukokuuta",
        "kesäkuuta",
        "heinäkuuta",
        "elokuuta",
        "syyskuuta",
        "lokakuuta",
        "marraskuuta",
        "joulukuuta",
    ],
    "el": [
        "Ιανουαρίου",
        "Φεβρουαρίου",
        "Μαρτίου",
        "Απριλίου",
        "Μαΐου",
        "Ιουνίου",
        "Ιουλίου",
        "Αυγούστου",
        "Σεπτεμβρίου",
        "Οκτωβρίου",
        "Νοεμβρίου",
        "Δεκεμβρίου",
    ],
    "id": [
        "Januari",
        "Februari",
        "Maret",
        "April",
        "Mei",
        "Juni",
        "Juli",
        "Agustus",
        "September",
        "Oktober",
        "November",
        "Desember",
    ],
    "th": [
        "มกราคม",
        "กุมภาพันธ์",
        "มีนาคม",
        "เมษายน",
        "พฤษภาคม",
        "มิถุนายน",
        "กรกฎาคม",
        "สิงหาคม",
        "กันยายน",
        "ตุลาคม",
        "พฤศจิกายน",
        "ธันวาคม",
    ],
    "uk": [
        "січня",
        "лютого",
        "березня",
        "квітня",
        "травня",
        "червня",
        "липня",
        "серпня",
        "вересня",
        "жовтня",
        "листопада",
        "грудня",
    ],
    "ro": [
        "ianuarie",
        "februarie",
        "martie",
        "aprilie",
        "mai",
        "iunie",
        "iulie",
        "august",
        "septembrie",
        "octombrie",
        "noiembrie",
        "decembrie",
    ],
    "da": [
        "januar",
        "februar",
        "marts",
        "april",
        "maj",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "hr": [
        "siječnja",
        "veljače",
        "ožujka",
        "travnja",
        "svibnja",
        "lipnja",
        "srpnja",
        "kolovoza",
        "rujna",
        "listopada",
        "studenoga",
        "prosinca",
    ],
    "he": [
        "בינואר",
        "בפברואר",
        "במרץ",
        "באפריל",
        "במאי",
        "ביוני",
        "ביולי",
        "באוגוסט",
        "בספטמבר",
        "באוקטובר",
        "בנובמבר",
        "בדצמבר",
    ],
    "ar": [
        "يناير",
        "فبراير",
        "مارس",
        "أبريل",
        "مايو",
        "يونيو",
        "يوليو",
        "أغسطس",
        "سبتمبر",
        "أكتوبر",
        "نوفمبر",
        "ديسمبر",
    ],
}


def dob7(rng: random.Random) -> str:
    y, m, d = _birth(rng)
    lang = rng.choice([*sorted(MONTHS7), "vi", "ko"])
    if lang == "vi":
        return f"ngày {d} tháng {m} năm {y}"
    if lang == "ko":
        return f"{y}년 {m}월 {d}일"
    name = MONTHS7[lang][m - 1]
    return {
        "cs": f"{d}. {name} {y}",
        "hu": f"{y}. {name} {d}.",
        "fi": f"{d}. {name} {y}",
        "el": f"{d} {name} {y}",
        "id": f"{d} {name} {y}",
        "th": f"{d} {name} {y + 543}",
        "uk": f"{d} {name} {y} р.",
        "ro": f"{d} {name} {y}",
        "da": f"{d}. {name} {y}",
        "hr": f"{d}. {name} {y}.",
        "he": f"{d} {name} {y}",
        "ar": f"{d} {name} {y}",
    }[lang]


_pii7(
    "date_of_birth_more",
    dob7,
    "date of birth",
    ["Datum narození: {v}", "születési dátum: {v}", "syntymäaika {v}", "Ngày sinh / 생년월일 / DOB: {v}"],
    "date_of_birth",
)

NAMES7 = [
    "Siti Nurhaliza binti Tarudin",
    "Ahmad Faizal bin Hashim",
    "Ivan Petrovich Sidorov",
    "R. Karthikeyan",
    "Aung San Suu Kyi",
    "Nursultan Abishuly",
    "Batbayar Dorjsuren",
    "Ma. Teresa Santos-Reyes",
    "Armen Hovhannisyan",
    "Seyed Mohammad Hosseini",
    "Abdirahman Mohamed Farah",
    "Sipho Ndlovu",
    "Ánte Gaup",
    "Tenzin Norbu Lama",
    "Kalani Fonoti",
    "Nilufar Yusupova",
    "Dilshan Perera",
    "Bogdan Kowalczyk-Nowak",
    "Ewa van der Berg-Schmidt",
    "Mthunzi Dlamini",
    "Pham Quoc Bao",
    "Agnieszka Wiśniewska",
    "Gökhan Öztürk",
    "Dr. Chidinma Eze-Okafor",
]

_pii7(
    "person_name_cultures",
    lambda r: r.choice(NAMES7),
    "name",
    ["Assignee: {v}", "cc {v} on the incident thread pls", '"display_name": "{v}"', "Signed,\n{v}\nHead of Finance"],
    "display_name",
)


def email_obfuscated(rng: random.Random) -> str:
    local = username(rng)
    dom = rng.choice(COMPANY)
    tld = rng.choice(["com", "de", "io", "co.uk", "fr"])
    form = rng.randrange(5)
    if form == 0:
        return f"{local} [at] {dom} [dot] {tld.replace('.', ' [dot] ')}"
    if form == 1:
        return f"{local.replace('.', ' dot ')} at {dom} dot {tld.replace('.', ' dot ')}"
    if form == 2:
        return f"{local}(at){dom}.{tld}"
    if form == 3:
        return f"{local}＠{dom}.{tld}"
    return f"{local}&#64;{dom}.{tld}"


_pii7(
    "email_obfuscated",
    email_obfuscated,
    "e-mail",
    ["contact: {v}", "reach me at {v} (no spam pls)", "Kontakt: {v}"],
    "contact_email",
)


# ---------------------------------------------------------------------------------------------
# round 8: written blind (without reading the engine or its tests), the holdout since round 7 joined
# dev. New families for every earlier category (infrastructure-as-code and deploy CLIs, more
# languages' code and consoles, database error messages that echo the value, GraphQL / NoSQL /
# LDIF / CQL statements, chat in more languages) and categories the generator lacked (credential
# formats of more providers and tools, signed URLs, session cookies of more frameworks, VPN and
# signing keys; national ids of more countries with their check digits, phones and addresses of
# more countries and layouts, dates of birth in more languages and layouts, names in more scripts
# and in git trailers, more e-mail obfuscations, IPs embedded in host names, vehicle plates, IBANs
# of the remaining countries, regional card networks, bank accounts of more countries).

ROUND8 = 8


def _extend8(name: str, make8: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-8 families (drawn by ``make8`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make8(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND8,) * n)


def round8_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND8,) * n))


def _picks8(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round8:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {v} the value.
SECRET_FAMILIES8 = [
    'variable "{l}" {{\n  type      = string\n  default   = "{v}"\n  sensitive = true\n}}',
    "pulumi config set --secret {c} {v} --stack prod",
    "param {c} string = '{v}'\nparam location string = resourceGroup().location",
    '[\n  {{ "ParameterKey": "{L}", "ParameterValue": "{v}" }},\n'
    '  {{ "ParameterKey": "Stage", "ParameterValue": "prod" }}\n]',
    "secretGenerator:\n- name: api-env\n  literals:\n  - {L}={v}\n  - LOG_LEVEL=info",
    "podman run --rm --env {L}={v} quay.io/acme/worker:1.4",
    "argocd app set api -p secrets.{c}={v}",
    "local {c} = '{v}';\n{{\n  apiVersion: 'v1',\n  kind: 'ConfigMap',\n}}",
    '  environment.variables.{L} = "{v}";\n  services.nginx.enable = true;',
    'vim.env.{L} = "{v}"\nrequire("acme").setup()',
    'acme {{\n  client {{\n    {c} = "{v}"\n    timeout = 30s\n  }}\n}}',
    '{{:acme/{k} "{v}"\n :acme/region "eu-west-1"}}',
    "const {c} = '{v}';\n\nvoid main() => runApp(const AcmeApp());",
    'Sys.setenv({L} = "{v}")\nlibrary(acmeR)',
    'ENV["{L}"] = "{v}"\nusing AcmeClient',
    "$ENV{{{L}}} = '{v}';\nmy $client = Acme::Client->new;",
    ": 1710237682:0;export {L}={v}\n: 1710237690:0;./bin/sync --dry-run",
    '@echo off\nset "{L}={v}"\ncall deploy.cmd',
    "%%writefile .env\n{L}={v}\nDEBUG=false",
    'echo "::add-mask::{v}"\necho "{L}=$VALUE" >> "$GITHUB_ENV"',
    "earthly --secret {L}={v} +build",
    "gcloud run deploy api --image gcr.io/acme/api --set-env-vars {L}={v}",
    'aws lambda update-function-configuration --function-name sync --environment "Variables={{{L}={v}}}"',
    "az webapp config appsettings set -g rg-prod -n acme-api --settings {L}={v}",
    'kind: ConfigMap\nmetadata:\n  name: api-config\ndata:\n  {L}: "{v}"\n  LOG_LEVEL: info',
    "helm upgrade api ./chart --set-string secrets.{c}={v} -n prod",
    '[env]\n{L} = "{v}"\nRUST_LOG = "info"',
    'Deno.env.set("{L}", "{v}");',
    'echo "{v}" | npx wrangler secret put {L}',
    "netlify env:set {L} {v}",
    'railway variables --set "{L}={v}"',
    'doppler secrets set {L}="{v}" --project api --config prd',
    "şu anahtar çalışmıyor: {v} sürekli 401 veriyor, fikri olan var mı?",
    "nyckeln {v} funkar inte längre, får bara 401",
    "το κλειδί {v} δεν δουλεύει, βγάζει 401",
    "המפתח {v} לא עובד, מקבל 401 כל הזמן",
    "المفتاح {v} لا يعمل، يعطي 401",
    "यह key {v} काम नहीं कर रही, 401 आ रहा है",
    "คีย์ {v} ใช้ไม่ได้ ขึ้น 401 ตลอด",
    "ключ {v} не працює, постійно 401",
    "klíč {v} nefunguje, pořád vrací 401",
    "avain {v} ei toimi, tulee aina 401",
    "System.UnauthorizedAccessException: token '{v}' was rejected by the upstream service",
    "-{L}={v}\n+{L}=${{{L}}}",
    "1. Set your key:\n   ```\n   export {L}={v}\n   ```\n2. Run `make dev`.",
    "GET /v2/reports?{l}={v}&format=json HTTP/1.1\nHost: api.acme.dev",
    "grpcurl -H 'x-api-key: {v}' api.acme.dev:443 acme.v1.Sync/Run",
    'wscat -c "wss://stream.acme.dev/v1/events?token={v}"',
    '{{"key": "{l}", "value": "{v}", "type": "secret", "enabled": true}}',
    "vars {{\n  baseUrl: https://api.acme.dev\n  {l}: {v}\n}}",
    "http POST api.acme.dev/v1/jobs X-API-Key:{v} name=nightly",
    "const headers = {{ 'X-Api-Key': '{v}' }};\nexport default function () {{ http.get(url, {{ headers }}); }}",
    's = requests.Session()\ns.headers.update({{"X-Api-Key": "{v}"}})',
    'dotnet user-secrets set "Acme:{c}" "{v}"',
    "java -Dacme.{k}={v} -jar build/libs/api.jar",
    '{{"level":"debug","msg":"outgoing request","headers":{{"x-api-key":"{v}"}}}}',
    "$ heroku config -s -a acme-api | grep {L}\n{L}='{v}'",
    "$ printenv | grep {L}\n{L}={v}",
    "{L}\t{v}\tproduction",
]

# PII families: {f} the field in words, {k} a snake-case key, {K} its Pascal case, {c} its camel
# case, {v} the value, {vq} the value URL-encoded.
PII_FAMILIES8 = [
    'mutation {{\n  updateCustomer(id: 4411, input: {{ {c}: "{v}" }}) {{ id }}\n}}',
    "SELECT Id, Name FROM Contact WHERE {K}__c = '{v}'",
    'HSET customer:4411 {k} "{v}" tier gold',
    "INSERT INTO customers (id, {k}) VALUES (uuid(), '{v}');",
    '{{"Item": {{"pk": {{"S": "CUSTOMER#4411"}}, "{k}": {{"S": "{v}"}}}}}}',
    "await db.collection('customers').doc('c_4411').update({{ {c}: '{v}' }});",
    '=VLOOKUP("{v}", Customers!A:D, 2, FALSE)',
    '10.0.3.7 - - [12/Mar/2024:10:01:22 +0000] "GET /search?{k}={vq} HTTP/1.1" 200 913',
    '$ kcat -C -t customers -o -1 -e\n{{"id":4411,"{k}":"{v}","tier":"gold"}}',
    "can you look up the account with {f} {v}? they called support twice",
    "[12/03/24, 10:14:02] Customer: my {f} is {v}",
    "customers:\n  - id: 1\n    {k}: {v}\n    tier: gold",
    'irb(main):001> Customer.find_by({k}: "{v}")\n=> nil',
    '>>> Customer.objects.filter({k}="{v}").exists()\nTrue',
    "> User::where('{k}', '{v}')->first();\n= null",
    'iex> Repo.get_by(Customer, {k}: "{v}")\nnil',
    'Customer customer = Customer.builder().{c}("{v}").build();',
    'var customer = new Customer {{ {K} = "{v}" }};',
    'let customer = Customer({c}: "{v}")',
    'let customer = Customer {{ {k}: "{v}".into(), ..Default::default() }};',
    '{{name: "real customer", in: "{v}", want: true}},',
    'it("accepts the customer {f}", () => {{\n  expect(validate("{v}")).toBe(true);\n}});',
    '        {k}:\n          type: string\n          example: "{v}"',
    'ERROR:  duplicate key value violates unique constraint "customers_{k}_key"\n'
    "DETAIL:  Key ({k})=({v}) already exists.",
    "ERROR 1062 (23000): Duplicate entry '{v}' for key 'customers.{k}'",
    'E11000 duplicate key error collection: app.customers index: {k}_1 dup key: {{ {k}: "{v}" }}',
    '"user": {{"id": "4411", "{k}": "{v}", "ip_address": "{{{{auto}}}}"}}',
    "analytics.identify('u_4411', {{ {c}: '{v}', plan: 'pro' }});",
    "Kundennummer;{f};Status\n4411;{v};aktiv",
    "dn: uid=c4411,ou=people,dc=acme,dc=dev\nobjectClass: inetOrgPerson\n{c}: {v}",
    "müşterinin {f} bilgisi {v}, kontrol eder misin?",
    "kunden uppgav {f}: {v}, kan du kolla?",
    "ο πελάτης έδωσε {f}: {v}, μπορείς να το ελέγξεις;",
    "הלקוח מסר {f}: {v}, תוכל לבדוק?",
    "العميل أرسل {f}: {v}، ممكن تتحقق؟",
    "ग्राहक ने {f} {v} बताया है, कृपया जाँच लें",
    "ลูกค้าแจ้ง {f}: {v} ช่วยตรวจสอบด้วย",
    "клієнт надіслав {f}: {v}, перевір будь ласка",
    "zákazník uvedl {f}: {v}, můžeš to zkontrolovat?",
    "asiakas ilmoitti {f}: {v}, voitko tarkistaa?",
    "der Kunde hat als {f} {v} angegeben, kannst du das prüfen?",
    "le client a indiqué {f} : {v}, tu peux vérifier ?",
]

KEY8: dict[str, str] = {}  # the keys and field names of round 8's new personal-data categories
FIELD8: dict[str, str] = {}


def _generic8(name: str, kind: str, k: int = 3) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    fams = SECRET_FAMILIES8 if kind == "secret" else PII_FAMILIES8
    picks = [fams[j] for j in _picks8(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = FIELD8.get(name) or FIELD7.get(name) or FIELD6.get(name, name.split("_")[0])
    key = KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value6(name, rng)[0]
        text = _choose(
            picks,
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            K=_pascal(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


PAIR_LABELS8 = {
    "aws_keys": ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"),
    "twilio": ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"),
    "twilio_api_key": ("TWILIO_API_KEY", "TWILIO_API_SECRET"),
    "datadog_keys": ("DD_API_KEY", "DD_APP_KEY"),
}
PAIR_FAMILIES8 = [
    'provider "acme" {{\n  {l1} = "{a}"\n  {l2} = "{b}"\n}}',
    "gh secret set {L1} --body {a}\ngh secret set {L2} --body {b}",
    '[\n  {{"name": "{L1}", "value": "{a}"}},\n  {{"name": "{L2}", "value": "{b}"}}\n]',
    "az webapp config appsettings set -g rg-prod -n acme-api --settings {L1}={a} {L2}={b}",
    'Sys.setenv({L1} = "{a}", {L2} = "{b}")',
    "kubectl create secret generic provider-creds --from-literal={l1}={a} --from-literal={l2}={b}",
]


def _pair8(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    l1, l2 = PAIR_LABELS8[name]
    picks = [PAIR_FAMILIES8[j] for j in _picks8(name, len(PAIR_FAMILIES8), 3)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        a, b = _value6(name, rng)[:2]
        return _choose(picks, t, a=a, b=b, L1=l1, L2=l2, l1=l1.lower(), l2=l2.lower()), [a, b]

    return make, len(picks)


def _pem8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(5, 12))
    pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
    if t == 0:  # a .env value with literal \n escapes
        text = 'JWT_PRIVATE_KEY="' + pem.replace("\n", "\\n") + '"'
    elif t == 1:  # a C# verbatim string
        text = 'var pem = @"' + pem + '";\nvar rsa = RSA.Create();\nrsa.ImportFromPem(pem);'
    elif t == 2:  # a Python triple-quoted constant
        text = 'SIGNING_KEY = """' + pem + '"""'
    else:  # an Ansible variable block
        text = "tls_private_key: |\n  " + pem.replace("\n", "\n  ") + "\ntls_cert_path: /etc/ssl/acme.crt"
    return text, body


def _pgp8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(6, 12))
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    if t == 0:
        text = "- name: Import signing key\n  run: |\n    cat <<'EOF' | gpg --batch --import\n    "
        text += block.replace("\n", "\n    ") + "\n    EOF"
    else:
        text = "GPG_PRIVATE_KEY=" + json.dumps(block)
    return text, body


def _gcp_sa8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 20)
    kid = _rs(rng, HEX, 40)
    pk = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n"
    obj = {
        "type": "service_account",
        "project_id": "acme-data-2291",
        "private_key_id": kid,
        "private_key": pk,
        "client_email": "etl@acme-data-2291.iam.gserviceaccount.com",
    }
    if t == 0:  # one line in an env var
        text = "GOOGLE_CREDENTIALS='" + json.dumps(obj, separators=(",", ":")) + "'"
    else:  # a GitHub Actions step with the JSON inline
        text = "- uses: google-github-actions/auth@v2\n  with:\n    credentials_json: '" + json.dumps(obj) + "'"
    return text, [kid, *body]


def _putty8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(4, 8))
    ppk = (
        "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ci@build\nPublic-Lines: 2\n"
        "AAAAC3NzaC1lZDI1NTE5AAAAIM\n4o1Yq=\nPrivate-Lines: " + str(len(body)) + "\n" + "\n".join(body)
    )
    ppk += "\nPrivate-MAC: " + _rs(rng, HEX, 64)
    if t == 0:
        return "$ type C:\\keys\\deploy.ppk\n" + ppk, body
    return "deploy_key_ppk: |\n  " + ppk.replace("\n", "\n  "), body


def _pw_url8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    q = urllib.parse.quote(pw, safe="")
    return _choose(
        [
            "sqlalchemy.url = mysql+pymysql://app:{q}@db.acme.internal:3306/app",
            "lftp -e 'mirror -R dist /www' sftp://deploy:{q}@files.acme.dev",
            'EMAIL_URL="smtp+tls://mailer:{q}@smtp.acme.dev:587"',
            "nats sub -s nats://orders:{q}@nats.acme.internal:4222 'orders.>'",
        ],
        t,
        q=q,
    ), [pw, q]


def _webhook8(host: str, label: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (part,) = _value6(label, rng)[:1]
        url = f"{host}{part}"
        return _choose(
            [
                'resource "acme_notifier" "deploys" {{\n  webhook_url = "{url}"\n}}',
                "apprise -vv -b 'deploy finished' '{url}'",
                'Invoke-WebRequest -Uri "{url}" -Method POST -Body (@{{text="done"}} | ConvertTo-Json)',
            ],
            t,
            url=url,
        ), [part]

    return make


def _winpath8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("windows_profile", rng)[:1]
    return _choose(
        [
            '"python.defaultInterpreterPath": "C:\\\\Users\\\\{u}\\\\.venvs\\\\api\\\\Scripts\\\\python.exe"',
            "$ cd /mnt/c/Users/{u}/Documents/acme && make build",
            "npm ERR! A complete log of this run can be found in:\n"
            "npm ERR!     C:\\Users\\{u}\\AppData\\Local\\npm-cache\\_logs\\debug-0.log",
            "MINGW64 /c/Users/{u}/src/api (main)\n$ git status",
        ],
        t,
        u=u,
    ), [u]


def _homepath8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("home_dir_user", rng)[:1]
    return _choose(
        [
            "docker run -v /home/{u}/data:/data acme/etl:latest",
            "npm ERR! A complete log of this run can be found in:\n"
            "npm ERR!     /Users/{u}/.npm/_logs/2024-03-12T10_01_22_114Z-debug-0.log",
            '  File "/Users/{u}/Library/Caches/pypoetry/virtualenvs/api-3xK9-py3.12/lib/python3.12/'
            'site-packages/httpx/_client.py", line 1015',
            "error: could not open '/home/{u}/.config/acme/config.toml': Permission denied",
        ],
        t,
        u=u,
    ), [u]


def _ip8fam(name: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (v,) = _value6(name, rng)[:1]
        return _choose(
            [
                "Mar 12 10:01:22 bastion sshd[2211]: Failed password for root from {v} port 52114 ssh2",
                "Nmap scan report for {v}\nHost is up (0.021s latency).\nPORT   STATE SERVICE\n22/tcp open  ssh",
                '{{"severity": "WARNING", "httpRequest": {{"remoteIp": "{v}", "status": 403}}}}',
                'ufw allow from {v} to any port 5432 comment "office"',
            ],
            t,
            v=v,
        ), [v]

    return make


def _recovery8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    codes = [f"{_rs(rng, LOWER_ALNUM, 4)}-{_rs(rng, LOWER_ALNUM, 4)}" for _ in range(5)]
    text = _choose(
        [
            "| # | backup code | used |\n|---|---|---|\n"
            + "\n".join(f"| {i + 1} | {c} | no |" for i, c in enumerate(codes)),
            "recovery_codes = {cs}",
        ],
        t,
        cs=json.dumps(codes),
    )
    return text, codes


def _bank8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    acct = _rs(rng, "123456789", 1) + _rs(rng, "0123456789", rng.randrange(7, 11))
    return _choose(
        [
            "Kontoinhaber: siehe Ticket\nKontonummer: {a}\nBankleitzahl: {b}",
            '{{"payout": {{"account_number": "{a}", "routing_number": "{b}"}}}}',
        ],
        t,
        a=acct,
        b=str(rng.randrange(10_000_000, 99_999_999)),
    ), [acct]


_SPECIFIC8: dict[str, tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]] = {
    **{name: _pair8(name) for name in PAIR_LABELS8},
    "gcp_service_account": (_gcp_sa8, 2),
    "pem_private_key": (_pem8, 4),
    "pgp_private_key": (_pgp8, 2),
    "putty_private_key": (_putty8, 2),
    "password_url": (_pw_url8, 4),
    "slack_webhook": (_webhook8("https://hooks.slack.com/services/", "slack_webhook"), 3),
    "discord_webhook": (_webhook8("https://discord.com/api/webhooks/", "discord_webhook"), 3),
    "windows_profile": (_winpath8, 4),
    "home_dir_user": (_homepath8, 4),
    "ipv4": (_ip8fam("ipv4"), 4),
    "ipv6": (_ip8fam("ipv6"), 4),
    "ipv6_forms": (_ip8fam("ipv6_forms"), 4),
    "mfa_recovery_code": (_recovery8, 2),
    "bank_account_domestic": (_bank8, 2),
}

for _c in list(CATS):
    if _c.name in _SPECIFIC8:
        _extend8(_c.name, *_SPECIFIC8[_c.name])
    else:
        _extend8(_c.name, *_generic8(_c.name, _c.kind))


# --- categories the generator lacked: credential formats of more providers and tools


def _multi8(
    formats: list[tuple[str, Callable[[random.Random], str]]], own: list[str], name: str, shared: int = 2
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several token formats: each draw picks a format (its label and generator)."""
    templates = own + [SECRET_FAMILIES8[j] for j in _picks8(name, len(SECRET_FAMILIES8), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        label, gen = rng.choice(formats)
        v = gen(rng)
        text = _choose(
            templates,
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-"),
            c=_camel(label),
        )
        return text, [v]

    return make, len(templates)


def _b62(n: int) -> str:
    out = ""
    while n:
        n, rem = divmod(n, 62)
        out = (string.digits + string.ascii_letters)[rem] + out
    return out or "0"


def _gh_token(prefix: str) -> Callable[[random.Random], str]:
    # GitHub's documented token shape: a prefix, 30 random base62 characters, a CRC32 checksum of them
    def gen(r: random.Random) -> str:
        import zlib

        body = _rs(r, B62, 30)
        return prefix + body + _b62(zlib.crc32(body.encode())).rjust(6, "0")

    return gen


GITHUB_APP8 = [
    ("GH_OAUTH_TOKEN", _gh_token("gho_")),
    ("GITHUB_USER_TO_SERVER_TOKEN", _gh_token("ghu_")),
    ("GITHUB_APP_INSTALLATION_TOKEN", _gh_token("ghs_")),
    ("GITHUB_REFRESH_TOKEN", _gh_token("ghr_")),
]
CI_CD8 = [
    ("CIRCLECI_TOKEN", lambda r: "CCIPAT_" + _rs(r, B62, 22) + "_" + _rs(r, HEX, 40)),
    ("TRAVIS_API_TOKEN", lambda r: _rs(r, B62 + "-_", 22)),
    ("JENKINS_API_TOKEN", lambda r: "11" + _rs(r, HEX, 32)),
    ("NETLIFY_AUTH_TOKEN", lambda r: "nfp_" + _rs(r, B62, 36)),
    ("CODECOV_TOKEN", _uuid4),
    ("BITBUCKET_APP_PASSWORD", lambda r: "ATBB" + _rs(r, B62, 32) + _rs(r, HEXU, 8)),
    ("VERCEL_TOKEN", lambda r: _rs(r, B62, 24)),
    ("FLY_API_TOKEN", lambda r: "FlyV1 fm2_" + _rs(r, B62 + "+/", 180) + "=="),
    ("GITEA_TOKEN", lambda r: _rs(r, HEX, 40)),
    ("TEAMCITY_TOKEN", lambda r: "eyJ0eXAiOiAiVENWMiJ9." + _rs(r, B64URL, 36) + "." + _rs(r, B64URL, 48)),
]
PACKAGE_REGISTRY8 = [
    ("CARGO_REGISTRY_TOKEN", lambda r: "cio" + _rs(r, B62, 32)),
    ("HEX_API_KEY", lambda r: _rs(r, HEX, 32)),
    ("CLOUDSMITH_API_KEY", lambda r: _rs(r, HEX, 40)),
    ("FURY_PUSH_TOKEN", lambda r: _rs(r, B62, 20)),
    ("CHOCOLATEY_API_KEY", _uuid4),
    ("OSSRH_TOKEN_PASSWORD", lambda r: _rs(r, B62 + "+/", 44)),
]
CLOUD_TOKEN8 = [
    ("LINODE_TOKEN", lambda r: _rs(r, HEX, 64)),
    ("VULTR_API_KEY", lambda r: _rs(r, ALNUM_UP, 36)),
    ("HCLOUD_TOKEN", lambda r: _rs(r, B62, 64)),
    ("IBMCLOUD_API_KEY", lambda r: _rs(r, B64URL, 44)),
    ("YC_TOKEN", lambda r: "t1." + _rs(r, B64URL, 120)),
    ("YC_API_KEY", lambda r: "AQVN" + _rs(r, B64URL, 36)),
    ("EXOSCALE_API_SECRET", lambda r: _rs(r, B64URL, 43)),
    ("CIVO_TOKEN", lambda r: _rs(r, B62, 50)),
]
OBSERVABILITY8 = [
    ("HONEYCOMB_API_KEY", lambda r: "hcaik_01" + _rs(r, LOWER_ALNUM, 56)),
    ("SPLUNK_HEC_TOKEN", _uuid4),
    ("ROLLBAR_ACCESS_TOKEN", lambda r: _rs(r, HEX, 32)),
    ("BUGSNAG_API_KEY", lambda r: _rs(r, HEX, 32)),
    ("LOGZIO_TOKEN", lambda r: _rs(r, string.ascii_letters, 32)),
    ("SUMO_ACCESS_KEY", lambda r: _rs(r, B62, 64)),
    ("AXIOM_TOKEN", lambda r: "xaat-" + _uuid4(r)),
    ("CORALOGIX_API_KEY", lambda r: "cxtp_" + _rs(r, B62, 30)),
    ("HONEYBADGER_API_KEY", lambda r: "hbp_" + _rs(r, B62, 36)),
    ("ELASTIC_APM_SECRET_TOKEN", lambda r: _rs(r, B62, 32)),
]
PAYMENT8 = [
    ("PAYPAL_CLIENT_SECRET", lambda r: "E" + _rs(r, B64URL, 79)),
    ("ADYEN_API_KEY", lambda r: "AQE" + _rs(r, B62, 40) + "=-" + _rs(r, B62 + "+/", 44) + "=-" + _rs(r, B62, 16)),
    ("RAZORPAY_KEY_SECRET", lambda r: _rs(r, B62, 24)),
    ("MOLLIE_API_KEY", lambda r: "live_" + _rs(r, B62, 30)),
    ("GOCARDLESS_ACCESS_TOKEN", lambda r: "live_" + _rs(r, B64URL, 40)),
    ("PADDLE_API_KEY", lambda r: "pdl_live_apikey_01" + _rs(r, LOWER_ALNUM, 24) + "_" + _rs(r, B62, 27)),
    ("KLARNA_API_PASSWORD", lambda r: "klarna_live_api_" + _rs(r, B62, 40)),
]
MESSAGING8 = [
    ("VONAGE_API_SECRET", lambda r: _rs(r, B62, 16)),
    ("PLIVO_AUTH_TOKEN", lambda r: _rs(r, B62, 40)),
    ("MESSAGEBIRD_ACCESS_KEY", lambda r: _rs(r, B62, 25)),
    ("MAILJET_SECRET_KEY", lambda r: _rs(r, HEX, 32)),
    ("SPARKPOST_API_KEY", lambda r: _rs(r, HEX, 40)),
    ("MANDRILL_API_KEY", lambda r: "md-" + _rs(r, B64URL, 22)),
    ("TELNYX_API_KEY", lambda r: "KEY" + _rs(r, HEXU, 32) + "_" + _rs(r, B62, 22)),
    ("INFOBIP_API_KEY", lambda r: _rs(r, HEX, 32) + "-" + _uuid4(r)),
    ("SMTP2GO_API_KEY", lambda r: "api-" + _rs(r, HEXU, 32)),
]
AI_MODEL8 = [
    ("COHERE_API_KEY", lambda r: _rs(r, B62, 40)),
    ("MISTRAL_API_KEY", lambda r: _rs(r, B62, 32)),
    ("TOGETHER_API_KEY", lambda r: _rs(r, HEX, 64)),
    ("FIREWORKS_API_KEY", lambda r: "fw_" + _rs(r, B62, 24)),
    ("DEEPSEEK_API_KEY", lambda r: "sk-" + _rs(r, HEX, 32)),
    ("VOYAGE_API_KEY", lambda r: "pa-" + _rs(r, B64URL, 43)),
    ("DEEPGRAM_API_KEY", lambda r: _rs(r, HEX, 40)),
    ("ASSEMBLYAI_API_KEY", lambda r: _rs(r, HEX, 32)),
    ("WANDB_API_KEY", lambda r: _rs(r, HEX, 40)),
    ("MODAL_TOKEN_SECRET", lambda r: "as-" + _rs(r, B62, 22)),
    ("JINA_API_KEY", lambda r: "jina_" + _rs(r, HEX, 32) + _rs(r, B62, 28)),
    ("TAVILY_API_KEY", lambda r: "tvly-" + _rs(r, B62, 32)),
    ("FIRECRAWL_API_KEY", lambda r: "fc-" + _rs(r, HEX, 32)),
]
SAAS8 = [
    ("HUBSPOT_ACCESS_TOKEN", lambda r: "pat-na1-" + _uuid4(r)),
    ("CLICKUP_API_TOKEN", lambda r: f"pk_{r.randrange(10**7, 10**8)}_{_rs(r, ALNUM_UP, 32)}"),
    ("TRELLO_TOKEN", lambda r: "ATTA" + _rs(r, HEX, 64) + _rs(r, HEXU, 8)),
    ("PAGERDUTY_TOKEN", lambda r: "u+" + _rs(r, B64URL, 18)),
    ("ZENDESK_API_TOKEN", lambda r: _rs(r, B62, 40)),
    ("MIRO_ACCESS_TOKEN", lambda r: "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_" + _rs(r, B64URL, 27)),
    ("FRESHDESK_API_KEY", lambda r: _rs(r, B62, 20)),
    ("SEGMENT_WRITE_KEY", lambda r: _rs(r, B62, 32)),
    ("WEBFLOW_API_TOKEN", lambda r: _rs(r, HEX, 64)),
    ("ZOHO_REFRESH_TOKEN", lambda r: f"1000.{_rs(r, HEX, 32)}.{_rs(r, HEX, 32)}"),
]
AUTH_PROVIDER8 = [
    ("CLERK_SECRET_KEY", lambda r: "sk_live_" + _rs(r, B62, 50)),
    ("STYTCH_SECRET", lambda r: "secret-live-" + _rs(r, B64URL, 36)),
    ("WORKOS_API_KEY", lambda r: "sk_" + _rs(r, B62, 64)),
    ("SVIX_WEBHOOK_SECRET", lambda r: "whsec_" + base64.b64encode(bytes(r.randrange(256) for _ in range(24))).decode()),
    ("FUSIONAUTH_API_KEY", lambda r: _rs(r, B64URL, 64)),
    ("KINDE_CLIENT_SECRET", lambda r: _rs(r, B62, 48)),
]


def _b64key(r: random.Random, n: int = 32, urlsafe: bool = False) -> str:
    raw = bytes(r.randrange(256) for _ in range(n))
    return (base64.urlsafe_b64encode if urlsafe else base64.b64encode)(raw).decode()


ENCRYPTION_KEY8 = [
    ("APP_KEY", lambda r: "base64:" + _b64key(r)),
    ("RAILS_MASTER_KEY", lambda r: _rs(r, HEX, 32)),
    ("FERNET_KEY", lambda r: _b64key(r, urlsafe=True)),
    ("FIELD_ENCRYPTION_KEY", lambda r: _b64key(r, urlsafe=True)),
    ("APP_SECRET", lambda r: _rs(r, HEX, 32)),
    ("ENCRYPTION_KEY", lambda r: _b64key(r)),
]

for _name8, _formats8, _own8 in [
    (
        "github_app_token",
        GITHUB_APP8,
        [
            "{L}={v}",
            'curl -H "Authorization: token {v}" https://api.github.com/installation/repositories',
            "$ gh auth token\n{v}",
            "git clone https://x-access-token:{v}@github.com/acme/infra.git",
        ],
    ),
    (
        "ci_cd_token",
        CI_CD8,
        [
            "{L}={v}",
            'curl -H "Circle-Token: {v}" https://circleci.com/api/v2/me  # {L}',
            "- name: deploy\n  env:\n    {L}: {v}\n  run: ./scripts/release.sh",
            "jenkins-cli -s https://ci.acme.dev -auth release-bot:{v} build api  # {L}",
        ],
    ),
    (
        "package_registry_token",
        PACKAGE_REGISTRY8,
        [
            "{L}={v}",
            '[registry]\ntoken = "{v}"',
            "cargo publish --token {v}  # {L}",
            "choco push acme.1.4.0.nupkg --source https://push.chocolatey.org/ --api-key {v}",
        ],
    ),
    (
        "cloud_api_token",
        CLOUD_TOKEN8,
        [
            "{L}={v}",
            'provider "acme" {{\n  token = "{v}"  # {L}\n}}',
            "export {L}={v}\nterraform apply -auto-approve",
            'curl -H "Authorization: Bearer {v}" https://api.cloud.acme.dev/v4/instances  # {L}',
        ],
    ),
    (
        "observability_key",
        OBSERVABILITY8,
        [
            "{L}={v}",
            "exporters:\n  otlphttp:\n    endpoint: https://api.telemetry.acme.dev\n    headers:\n      x-api-key: {v}",
            'curl -k https://hec.acme.dev:8088/services/collector -H "Authorization: Splunk {v}"'
            ' -d \'{{"event":"hi"}}\'',
            "init({{ apiKey: '{v}', releaseStage: 'production' }}) // {L}",
        ],
    ),
    (
        "payment_provider_key",
        PAYMENT8,
        [
            "{L}={v}",
            "payments:\n  provider: acme\n  secret: {v}",
            'curl -u "AcmeClientId:{v}" https://api-m.paypal.com/v1/oauth2/token -d grant_type=client_credentials',
            "the live {l} is {v}, the sandbox one is in 1Password",
        ],
    ),
    (
        "messaging_api_key",
        MESSAGING8,
        [
            "{L}={v}",
            "curl -X POST https://rest.messaging.acme.dev/sms -u 'acct-4411:{v}' -d to=dispatch",
            'sms:\n  provider: acme\n  api_secret: "{v}"',
            "new MessagingClient({{ apiSecret: '{v}' }}) // {L}",
        ],
    ),
    (
        "ai_model_key",
        AI_MODEL8,
        [
            "{L}={v}",
            'client = Client(api_key="{v}")  # {L}',
            "export {L}={v}\nuv run eval.py --model small",
            "my {l} is {v} and the rate limit is way lower than the docs say",
        ],
    ),
    (
        "saas_api_token",
        SAAS8,
        [
            "{L}={v}",
            'curl https://api.saas.acme.dev/v2/tickets -H "Authorization: Bearer {v}"  # {L}',
            "integrations:\n  crm:\n    token: {v}",
        ],
    ),
    (
        "auth_provider_secret",
        AUTH_PROVIDER8,
        [
            "{L}={v}",
            "auth:\n  provider: acme\n  secret_key: {v}",
            "export const auth = createAuth({{ secretKey: process.env.{L} ?? '{v}' }});",
        ],
    ),
    (
        "encryption_master_key",
        ENCRYPTION_KEY8,
        [
            "{L}={v}",
            "$ cat config/master.key\n{v}",
            "resources:\n  - resources: [secrets]\n    providers:\n      - aescbc:\n          keys:\n"
            "            - name: key1\n              secret: {v}",
            "# settings.py\n{L} = '{v}'",
        ],
    ),
]:
    round8_custom(_name8, "secret", *_multi8(_formats8, _own8, _name8))


def _pair_cloud(rng: random.Random) -> tuple[str, str, str, str]:
    kind = rng.randrange(6)
    if kind == 0:  # Alibaba Cloud
        return (
            "ALIBABA_CLOUD_ACCESS_KEY_ID",
            "LTAI" + _rs(rng, B62, 20),
            "ALIBABA_CLOUD_ACCESS_KEY_SECRET",
            _rs(rng, B62, 30),
        )
    if kind == 1:  # Tencent Cloud
        return "TENCENTCLOUD_SECRET_ID", "AKID" + _rs(rng, B62, 32), "TENCENTCLOUD_SECRET_KEY", _rs(rng, B62, 32)
    if kind == 2:  # Huawei Cloud
        return "HUAWEICLOUD_SDK_AK", _rs(rng, ALNUM_UP, 20), "HUAWEICLOUD_SDK_SK", _rs(rng, B62, 40)
    if kind == 3:  # Scaleway
        return "SCW_ACCESS_KEY", "SCW" + _rs(rng, ALNUM_UP, 17), "SCW_SECRET_KEY", _uuid4(rng)
    if kind == 4:  # Backblaze B2
        return (
            "B2_APPLICATION_KEY_ID",
            "005" + _rs(rng, HEX, 22),
            "B2_APPLICATION_KEY",
            "K005" + _rs(rng, B62 + "/+", 27),
        )
    return "OVH_APPLICATION_KEY", _rs(rng, B62, 16), "OVH_APPLICATION_SECRET", _rs(rng, B62, 32)


def _cloud_pair(rng: random.Random, t: int) -> tuple[str, list[str]]:
    l1, a, l2, b = _pair_cloud(rng)
    text = _choose(
        [
            "{L1}={a}\n{L2}={b}",
            'provider "acme" {{\n  access_key = "{a}"\n  secret_key = "{b}"\n}}',
            "[default]\naccess_key_id = {a}\nsecret_access_key = {b}",
            "export {L1}={a}\nexport {L2}={b}\n./sync-buckets.sh",
            "s3cmd --access_key={a} --secret_key={b} ls s3://backups",
            "ok I rotated them: id {a} secret {b}",
        ],
        t,
        L1=l1,
        L2=l2,
        a=a,
        b=b,
    )
    return text, [a, b]


round8_custom("cloud_access_pair", "secret", _cloud_pair, 6)


def _oauth_secret(rng: random.Random) -> tuple[str, str]:
    return rng.choice(
        [
            ("github", _rs(rng, HEX, 40)),
            ("auth0", _rs(rng, B64URL, 64)),
            ("keycloak", _rs(rng, B62, 32)),
            ("spotify", _rs(rng, HEX, 32)),
            ("discord", _rs(rng, B64URL, 32)),
            ("slack", _rs(rng, HEX, 32)),
            ("salesforce", _rs(rng, HEXU, 64)),
            ("twitch", _rs(rng, LOWER_ALNUM, 30)),
        ]
    )


def _oauth_client(rng: random.Random, t: int) -> tuple[str, list[str]]:
    provider, sec = _oauth_secret(rng)
    cid = _rs(rng, LOWER_ALNUM, 20)
    text = _choose(
        [
            "{P}Provider({{\n  clientId: process.env.{U}_ID ?? '{cid}',\n  clientSecret: '{s}',\n}}),",
            "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          {p}:\n"
            "            client-id: {cid}\n            client-secret: {s}",
            '{{\n  "realm": "acme",\n  "resource": "api",\n  "credentials": {{ "secret": "{s}" }}\n}}',
            "SOCIALACCOUNT_PROVIDERS = {{'{p}': {{'APP': {{'client_id': '{cid}', 'secret': '{s}'}}}}}}",
            "provider :{p}, '{cid}', '{s}', scope: 'user:email'",
            "{U}_CLIENT_ID={cid}\n{U}_CLIENT_SECRET={s}",
        ],
        t,
        p=provider,
        P=provider.title(),
        U=provider.upper(),
        cid=cid,
        s=sec,
    )
    return text, [sec]


round8_custom("oauth_client_secret", "secret", _oauth_client, 6)


def _signed_url(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.randrange(3)
    if kind == 0:
        sig = _rs(rng, HEX, 64)
        tok = "IQoJb3JpZ2luX2VjE" + _rs(rng, B62 + "/+", 200)
        q = urllib.parse.quote(tok, safe="")
        url = (
            "https://acme-exports.s3.eu-west-1.amazonaws.com/reports/q1.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256"
            f"&X-Amz-Credential=ASIA{_rs(rng, UPPER32, 16)}%2F20240312%2Feu-west-1%2Fs3%2Faws4_request"
            f"&X-Amz-Date=20240312T100122Z&X-Amz-Expires=3600&X-Amz-Security-Token={q}"
            f"&X-Amz-SignedHeaders=host&X-Amz-Signature={sig}"
        )
        needles = [sig, q]
    elif kind == 1:
        sig = _rs(rng, HEX, 512)
        url = (
            "https://storage.googleapis.com/acme-media/video.mp4?X-Goog-Algorithm=GOOG4-RSA-SHA256"
            "&X-Goog-Credential=signer%40acme-media.iam.gserviceaccount.com%2F20240312%2Fauto%2Fstorage%2Fgoog4_request"
            f"&X-Goog-Date=20240312T100122Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}"
        )
        needles = [sig]
    else:
        sig = _rs(rng, B62 + "~-", 172)
        url = (
            f"https://d111111abcdef8.cloudfront.net/private/report.pdf?Expires=1710241282&Signature={sig}"
            f"&Key-Pair-Id=K{_rs(rng, ALNUM_UP, 13)}"
        )
        needles = [sig]
    text = _choose(
        [
            "here's the download link, valid for an hour: {u}",
            'curl -o report "{u}"',
            '{{"download_url": "{u}", "expires_in": 3600}}',
            '<a href="{u}">Download</a>',
        ],
        t,
        u=url.replace("&", "&amp;") if t == 3 else url,
    )
    return text, needles


round8_custom("signed_url", "secret", _signed_url, 4)


def _tool_password(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    user = rng.choice(["ci-bot", "deploy", "release", "svc-build"])
    b64 = base64.b64encode(f"{user}:{pw}".encode()).decode()
    b64pw = base64.b64encode(pw.encode()).decode()
    q = urllib.parse.quote(pw, safe="")
    forms = [
        ("helm repo add acme https://charts.acme.dev --username {u} --password '{p}'", [pw]),
        ("helm registry login registry.acme.dev -u {u} -p '{p}'", [pw]),
        ("skopeo copy --dest-creds {u}:'{p}' docker://alpine:3.19 docker://registry.acme.dev/alpine:3.19", [pw]),
        ("//npm.acme.dev/:_auth={b}\n//npm.acme.dev/:always-auth=true", [b64]),
        ("//npm.acme.dev/:username={u}\n//npm.acme.dev/:_password={bp}", [b64pw]),
        ("# gradle.properties\nacmeMavenUser={u}\nacmeMavenPassword={p}\norg.gradle.jvmargs=-Xmx2g", [pw]),
        (
            "<servers>\n  <server>\n    <id>acme-releases</id>\n    <username>{u}</username>\n"
            "    <password>{p}</password>\n  </server>\n</servers>",
            [pw],
        ),
        ('{{\n  "http-basic": {{\n    "repo.acme.dev": {{ "username": "{u}", "password": "{p}" }}\n  }}\n}}', [pw]),
        ("poetry config http-basic.acme {u} '{p}'", [pw]),
        ("UV_INDEX_ACME_USERNAME={u}\nUV_INDEX_ACME_PASSWORD={p}", [pw]),
        (
            "nuget sources add -Name acme -Source https://nuget.acme.dev/v3/index.json -Username {u} -Password {p}",
            [pw],
        ),
        ("bundle config set --global gems.acme.dev {u}:{p}", [pw]),
        ("GOPROXY=https://{u}:{q}@goproxy.acme.dev,direct go mod download", [pw, q]),
        ("twine upload --repository-url https://pypi.acme.dev -u {u} -p '{p}' dist/*", [pw]),
        ("echo '{p}' | docker login registry.acme.dev -u {u} --password-stdin", [pw]),
        ("pip install --index-url https://{u}:{q}@pypi.acme.dev/simple acme-sdk==2.1.0", [pw, q]),
    ]
    tpl, needles = forms[t]
    return tpl.format(u=user, p=pw, b=b64, bp=b64pw, q=q), needles


round8_custom("tool_registry_password", "secret", _tool_password, 16)


def _cookie(rng: random.Random) -> tuple[str, str]:
    kind = rng.randrange(9)
    if kind == 0:
        raw = json.dumps({"iv": _b64key(rng, 16), "value": _b64key(rng, 48), "mac": _rs(rng, HEX, 64), "tag": ""})
        return "laravel_session", urllib.parse.quote(base64.b64encode(raw.encode()).decode(), safe="")
    if kind == 1:
        return ".AspNetCore.Cookies", "CfDJ8" + _rs(rng, B64URL, 300)
    if kind == 2:
        return "_acme_session", _rs(rng, B62 + "%", 180) + "--" + _rs(rng, HEX, 40)
    if kind == 3:
        return "sessionid", _rs(rng, LOWER_ALNUM, 32)
    if kind == 4:
        return "connect.sid", "s%3A" + _rs(rng, B64URL, 32) + "." + _rs(rng, B62, 43) + "%2F" + _rs(rng, B62, 10)
    if kind == 5:
        return "PHPSESSID", _rs(rng, LOWER_ALNUM, 26)
    if kind == 6:
        return "JSESSIONID", _rs(rng, HEXU, 32)
    if kind == 7:
        payload = base64.urlsafe_b64encode(json.dumps({"_user_id": str(rng.randrange(1, 99999))}).encode())
        return "session", payload.decode().rstrip("=") + "." + _rs(rng, B64URL, 6) + "." + _rs(rng, B64URL, 27)
    return f"wordpress_logged_in_{_rs(rng, HEX, 32)}", (
        f"editor%7C{rng.randrange(1_700_000_000, 1_800_000_000)}%7C{_rs(rng, B62, 43)}%7C{_rs(rng, HEX, 64)}"
    )


def _session_cookie8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    name, value = _cookie(rng)
    text = _choose(
        [
            "curl 'https://app.acme.dev/admin/export' -H 'Cookie: {n}={v}; theme=dark'",
            "HTTP/1.1 302 Found\nLocation: /dashboard\nSet-Cookie: {n}={v}; Path=/; HttpOnly; Secure",
            '{{"cookies": [{{"name": "{n}", "value": "{v}", "domain": "app.acme.dev", "path": "/"}}]}}',
            "requests.get(url, cookies={{'{n}': '{v}'}})",
            "app.acme.dev\tFALSE\t/\tTRUE\t1741777282\t{n}\t{v}",
            "copied from devtools: {n}={v}",
        ],
        t,
        n=name,
        v=value,
    )
    return text, [value]


round8_custom("framework_session_cookie", "secret", _session_cookie8, 6)


def _vpn(rng: random.Random, t: int) -> tuple[str, list[str]]:
    if t == 0:
        lines = [_rs(rng, HEX, 32) for _ in range(16)]
        text = (
            "#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n"
            + "\n".join(lines)
            + "\n-----END OpenVPN Static key V1-----"
        )
        return text, lines
    psk = _b64key(rng) if t in (1, 2) else password(rng)
    tpl = [
        "",
        "[Peer]\nPublicKey = {pub}\nPresharedKey = {v}\nAllowedIPs = 10.8.0.0/24",
        "wg set wg0 peer {pub} preshared-key <(echo {v})",
        '# /etc/ipsec.secrets\n203.0.113.10 198.51.100.20 : PSK "{v}"',
        "crypto isakmp key {v} address 203.0.113.10",
        'config vpn ipsec phase1-interface\n    edit "to-dc"\n        set psksecret {v}\n    next\nend',
        "$ cat /etc/openvpn/auth.txt\nvpn-svc\n{v}",
    ][t]
    return tpl.format(v=psk, pub=_b64key(rng)), [psk]


round8_custom("vpn_secret", "secret", _vpn, 7)


def _signing_key(rng: random.Random, t: int) -> tuple[str, list[str]]:
    if t in (0, 1):  # minisign / signify secret keys: a comment line, one base64 line
        raw = ("RWRTY0Iy" if t == 0 else "RWRCSwAAA") + _rs(rng, B62 + "+/", 200 if t == 0 else 128) + "="
        comment = "minisign encrypted secret key" if t == 0 else "signify secret key"
        return f"$ cat ~/.minisign/minisign.key\nuntrusted comment: {comment}\n{raw}", [raw]
    if t == 2:  # cosign's encrypted key
        body = pem_body(rng, 8)
        text = (
            "-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----\n"
            + "\n".join(body)
            + "\n-----END ENCRYPTED SIGSTORE PRIVATE KEY-----"
        )
        return "COSIGN_PRIVATE_KEY: |\n  " + text.replace("\n", "\n  "), body
    # Tauri updater: the minisign key, base64 again
    v = base64.b64encode(("untrusted comment: rsign encrypted secret key\nRWRTY0Iy" + _rs(rng, B62, 200)).encode())
    return f"TAURI_SIGNING_PRIVATE_KEY={v.decode()}", [v.decode()]


round8_custom("signing_key_material", "secret", _signing_key, 4)


FOREIGN_PW8 = [
    "sunucunun şifresi {v}, kimseyle paylaşma",
    "lösenordet till servern är {v}",
    "ο κωδικός για τον server είναι {v}",
    "הסיסמה לשרת היא {v}",
    "सर्वर का पासवर्ड {v} है",
    "รหัสผ่านของเซิร์ฟเวอร์คือ {v}",
    "пароль до сервера: {v}",
    "heslo k serveru je {v}",
    "palvelimen salasana on {v}",
    "a szerver jelszava {v}",
    "parola serverului este {v}",
    "adgangskoden til serveren er {v}",
    "la contrasenya del servidor és {v}",
    "kata laluan pelayan ialah {v}",
    "ang password ng server ay {v}",
    "nenosiri la seva ni {v}",
]


def _foreign_pw(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    return _choose(FOREIGN_PW8, t, v=v), [v]


round8_custom("password_foreign_prose", "secret", _foreign_pw, len(FOREIGN_PW8))


def _db_credential(rng: random.Random, t: int) -> tuple[str, list[str]]:
    if t == 5:  # an InfluxDB token
        v = _b64key(rng, 64).rstrip("=") + "=="
        return f"influx config create -n prod -u https://influx.acme.internal:8086 -o acme -t {v} -a", [v]
    v = password(rng)
    q = urllib.parse.quote(v, safe="")
    tpl = [
        "cypher-shell -a neo4j+s://graph.acme.internal -u neo4j -p '{v}'",
        "NEO4J_AUTH=neo4j/{v}",
        "clickhouse-client --host ch.acme.internal --user etl --password '{v}' -q 'SELECT 1'",
        "<clickhouse>\n  <users>\n    <etl>\n      <password>{v}</password>\n    </etl>\n  </users>\n</clickhouse>",
        "snowflake://etl:{q}@acme-eu.snowflakecomputing.com/ANALYTICS/PUBLIC?warehouse=ETL_WH",
        "",
        "cqlsh cassandra.acme.internal -u cassandra -p '{v}'",
        "COUCHDB_USER=admin\nCOUCHDB_PASSWORD={v}",
        "curl -u elastic:'{v}' https://es.acme.internal:9200/_cluster/health",
        "docker run -e ACCEPT_EULA=Y -e 'MSSQL_SA_PASSWORD={v}' -p 1433:1433 "
        "mcr.microsoft.com/mssql/server:2022-latest",
        "sqlplus system/'{v}'@//db.acme.internal:1521/ORCLPDB1",
        "surreal start --user root --pass '{v}' file:acme.db",
        "MINIO_ROOT_USER=admin\nMINIO_ROOT_PASSWORD={v}",
        "isql-fb -user SYSDBA -password '{v}' db.acme.internal:/data/acme.fdb",
    ][t]
    return tpl.format(v=v, q=q), [v, q] if "{q}" in tpl else [v]


round8_custom("db_credential_more", "secret", _db_credential, 14)


# --- national ids of more countries, with their check digits (python-stdnum's calculators and
# validators: a candidate is redrawn until python-stdnum accepts it)


def _until_valid(module: str, draw: Callable[[random.Random], str], r: random.Random, tries: int = 5000) -> str:
    import importlib

    mod = importlib.import_module(f"stdnum.{module}")
    for _ in range(tries):
        v = draw(r)
        if mod.is_valid(v):  # type: ignore[attr-defined]
            return v
    raise RuntimeError(module)


def _d(r: random.Random, n: int) -> str:
    return _rs(r, "0123456789", n)


def at_svnr(r: random.Random) -> str:
    y, m, d = _birth(r)
    v = _until_valid("at.vnr", lambda r: f"{r.randrange(100, 1000)}{r.randrange(10)}{d:02d}{m:02d}{y % 100:02d}", r)
    return f"{v[:4]} {v[4:]}" if r.random() < 0.6 else v


def si_emso(r: random.Random) -> str:
    y, m, d = _birth(r)
    return _until_valid("si.emso", lambda r: f"{d:02d}{m:02d}{y % 1000:03d}50{r.choice('05')}{_d(r, 2)}{_d(r, 1)}", r)


def lv_personas_kods(r: random.Random) -> str:
    y, m, d = _birth(r)
    century = "1" if y < 2000 else "2"
    v = _until_valid("lv.pvn", lambda r: f"{d:02d}{m:02d}{y % 100:02d}{century}{_d(r, 4)}", r)
    return f"{v[:6]}-{v[6:]}"


MY_STATES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16"]


def my_nric(r: random.Random) -> str:
    y, m, d = _birth(r)
    v = _until_valid("my.nric", lambda r: f"{y % 100:02d}{m:02d}{d:02d}{r.choice(MY_STATES)}{_d(r, 4)}", r)
    return f"{v[:6]}-{v[6:8]}-{v[8:]}"


def pe_dni(r: random.Random) -> str:
    from stdnum.pe import cui

    base = str(r.randrange(10_000_000, 80_000_000))
    return f"{base}-{cui.calc_check_digits(base)[0]}" if r.random() < 0.5 else base + cui.calc_check_digits(base)[0]


def ec_cedula(r: random.Random) -> str:
    return _until_valid("ec.ci", lambda r: f"{r.randrange(1, 25):02d}{r.randrange(0, 6)}{_d(r, 7)}", r)


def id_nik(r: random.Random) -> str:
    y, m, d = _birth(r)
    day = d + (40 if r.random() < 0.5 else 0)
    provinces = ["11", "12", "13", "31", "32", "33", "34", "35", "36", "51", "61", "71", "73"]
    return _until_valid(
        "id.nik",
        lambda r: (
            f"{r.choice(provinces)}{r.randrange(1, 30):02d}{r.randrange(1, 30):02d}{day:02d}{m:02d}{y % 100:02d}"
            f"{r.randrange(1, 9999):04d}"
        ),
        r,
    )


def ua_rntrc(r: random.Random) -> str:
    return _until_valid("ua.rntrc", lambda r: f"{r.randrange(18000, 38000)}{_d(r, 5)}", r)


def pk_cnic(r: random.Random) -> str:
    v = _until_valid("pk.cnic", lambda r: f"{r.randrange(1, 8)}{_d(r, 12)}", r)
    return f"{v[:5]}-{v[5:12]}-{v[12]}"


def do_cedula(r: random.Random) -> str:
    v = _until_valid("do.cedula", lambda r: f"{r.choice(['001', '002', '031', '402', '223'])}{_d(r, 8)}", r)
    return f"{v[:3]}-{v[3:10]}-{v[10]}"


def ie_pps(r: random.Random) -> str:
    base = _d(r, 7)
    # the old form (seven digits and a check letter) or the 2013 one (a second letter the check covers)
    second = "" if r.random() < 0.5 else "A"
    return _until_valid("ie.pps", lambda r: base + r.choice(string.ascii_uppercase) + second, r)


def gb_utr(r: random.Random) -> str:
    from stdnum.gb import utr

    base = _d(r, 9)
    v = utr.calc_check_digit(base) + base
    return f"{v[:5]} {v[5:]}" if r.random() < 0.5 else v


def fr_nif(r: random.Random) -> str:
    from stdnum.fr import nif

    base = r.choice("0123") + _d(r, 9)
    v = base + nif.calc_check_digits(base)
    return f"{v[:2]} {v[2:4]} {v[4:7]} {v[7:10]} {v[10:]}" if r.random() < 0.5 else v


def ru_inn(r: random.Random) -> str:
    from stdnum.ru import inn

    base = f"{r.randrange(1, 92):02d}{_d(r, 8)}"
    return base + inn.calc_personal_check_digits(base)


def cu_ni(r: random.Random) -> str:
    y, m, d = _birth(r)
    century = r.choice("012345") if y < 2000 else r.choice("678")
    return _until_valid("cu.ni", lambda r: f"{y % 100:02d}{m:02d}{d:02d}{century}{_d(r, 4)}", r)


def in_epic(r: random.Random) -> str:
    return _until_valid("in_.epic", lambda r: _rs(r, string.ascii_uppercase, 3) + _d(r, 7), r)


def ke_pin(r: random.Random) -> str:
    return _until_valid("ke.pin", lambda r: "A" + _d(r, 9) + r.choice(string.ascii_uppercase), r)


NEW_IDS8: list[tuple[str, Callable[[random.Random], str], str, list[str]]] = [
    ("at_svnr", at_svnr, "Sozialversicherungsnummer", ["SV-Nummer: {v}", "meine SVNR ist {v}", '"svnr": "{v}"']),
    ("si_emso", si_emso, "EMŠO", ["EMŠO: {v}", "stranka je poslala emšo {v}", '"emso": "{v}"']),
    (
        "lv_personas_kods",
        lv_personas_kods,
        "personas kods",
        ["Personas kods: {v}", "klienta p.k. {v}, lūdzu pārbaudi", '"personas_kods": "{v}"'],
    ),
    ("my_nric", my_nric, "MyKad", ["No. MyKad: {v}", "IC saya {v}, boleh check?", '"mykad": "{v}"']),
    ("pe_dni", pe_dni, "DNI", ["DNI (Perú): {v}", "mi dni es {v} y no me deja registrar", '"dni_pe": "{v}"']),
    ("ec_cedula", ec_cedula, "cédula", ["Cédula: {v}", "mi cédula ecuatoriana es {v}", '"cedula": "{v}"']),
    ("id_nik", id_nik, "NIK", ["NIK: {v}", "nomor KTP saya {v}", '"nik": "{v}"']),
    ("ua_rntrc", ua_rntrc, "РНОКПП", ["РНОКПП: {v}", "ІПН клієнта {v}", '"ipn": "{v}"']),
    ("pk_cnic", pk_cnic, "CNIC", ["CNIC: {v}", "my cnic is {v}, please update", '"cnic": "{v}"']),
    (
        "do_cedula",
        do_cedula,
        "cédula",
        ["Cédula de identidad: {v}", "la cédula del cliente es {v}", '"cedula_do": "{v}"'],
    ),
    ("ie_pps", ie_pps, "PPS number", ["PPSN: {v}", "my pps is {v} if you need it", '"ppsn": "{v}"']),
    ("gb_utr", gb_utr, "UTR", ["UTR: {v}", "my self assessment UTR is {v}", '"utr": "{v}"']),
    (
        "fr_nif",
        fr_nif,
        "numéro fiscal",
        ["Numéro fiscal de référence : {v}", "mon SPI est {v}", '"numero_fiscal": "{v}"'],
    ),
    ("ru_inn", ru_inn, "ИНН", ["ИНН: {v}", "ИНН физлица {v}, проверь", '"inn": "{v}"']),
    ("cu_ni", cu_ni, "carné de identidad", ["CI: {v}", "mi carné es {v}", '"carne_identidad": "{v}"']),
    ("in_epic", in_epic, "voter ID", ["EPIC no.: {v}", "voter id {v} for KYC", '"voter_id": "{v}"']),
    ("ke_pin", ke_pin, "KRA PIN", ["KRA PIN: {v}", "my kra pin is {v}", '"kra_pin": "{v}"']),
]


def _pii8(name: str, gen: Callable[[random.Random], str], fname: str, own: list[str], key: str) -> None:
    """A new personal-data category: its own templates and two of the shared families."""
    GENS[name] = gen
    FIELD8[name] = fname
    KEY8[name] = key
    shared = [PII_FAMILIES8[j] for j in _picks8(name, len(PII_FAMILIES8), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = gen(rng)
        text = _choose(
            templates, t, v=v, vq=urllib.parse.quote(v, safe=""), f=fname, k=key, K=_pascal(key), c=_camel(key)
        )
        return text, [v]

    round8_custom(name, "pii", make, len(templates))


for _name8, _gen8, _field8, _own8 in NEW_IDS8:
    _pii8(_name8, _gen8, _field8, _own8, _own8[2].split('"')[1])  # the key of its JSON family


# --- phones, addresses, dates of birth, names, e-mails, IPs, plates, IBANs, cards, accounts

PHONE_REGIONS8 = {
    "phone_africa": ["MA", "DZ", "TN", "GH", "ET", "TZ", "UG", "CM", "SN", "RW", "ZM", "ZW", "MZ"],
    "phone_asia_mideast": ["QA", "KW", "OM", "JO", "LB", "IQ", "NP", "LK", "KH", "KZ", "UZ", "GE", "AM", "AZ", "MN"],
    "phone_europe_americas": [
        "IE",
        "CH",
        "LU",
        "SK",
        "SI",
        "HR",
        "RS",
        "BG",
        "LT",
        "LV",
        "EE",
        "IS",
        "EC",
        "VE",
        "UY",
        "PY",
        "BO",
        "CR",
        "PA",
        "GT",
        "DO",
        "JM",
        "CA",
    ],
}


def _phone8(regions: list[str]) -> Callable[[random.Random], str]:
    def gen(rng: random.Random) -> str:
        region = rng.choice(regions)
        ex = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
        nsn = str(ex.national_number)
        keep = max(1, len(nsn) - 6)
        for _ in range(500):
            num = phonenumbers.parse(f"+{ex.country_code}{nsn[:keep]}{_d(rng, len(nsn) - keep)}")
            if phonenumbers.is_valid_number(num) and str(num.national_number) != nsn:
                fmt = rng.choice(
                    [
                        phonenumbers.PhoneNumberFormat.NATIONAL,
                        phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                        phonenumbers.PhoneNumberFormat.E164,
                        phonenumbers.PhoneNumberFormat.RFC3966,
                    ]
                )
                return phonenumbers.format_number(num, fmt).removeprefix("tel:")  # (RFC 3966: dashed E.164)
        raise RuntimeError(region)

    return gen


for _name8, _regions8 in PHONE_REGIONS8.items():
    _pii8(
        _name8,
        _phone8(_regions8),
        "phone",
        ["Mob: {v}", "ping me on whatsapp {v}", '"contact_phone": "{v}"', "Tel {v} (ab 18 Uhr)"],
        "contact_phone",
    )


def _address_parts8(rng: random.Random) -> tuple[str, str, str]:
    """(street line, postcode and city, country) of a country the earlier rounds lack."""
    n = rng.randrange(1, 180)
    return rng.choice(
        [
            (f"Obchodná {n}", "811 06 Bratislava", "Slovakia"),
            (f"Slovenska cesta {n}", "1000 Ljubljana", "Slovenia"),
            (f"Ilica {n}", "10000 Zagreb", "Croatia"),
            (f"Knez Mihailova {n}", "11000 Beograd", "Serbia"),
            (f"Gedimino pr. {n}-{rng.randrange(1, 40)}", f"LT-01{rng.randrange(100, 999)} Vilnius", "Lithuania"),
            (f"Brīvības iela {n}", f"LV-10{rng.randrange(10, 99)} Rīga", "Latvia"),
            (f"Narva mnt {n}", f"10{rng.randrange(100, 999)} Tallinn", "Estonia"),
            (f"{n}, rue de la Gare", f"L-{rng.randrange(1000, 9999)} Luxembourg", "Luxembourg"),
            (f"Laugavegur {n}", "101 Reykjavík", "Iceland"),
            (f"{n} Rue Moulay Youssef", "20000 Casablanca", "Morocco"),
            (f"вул. Хрещатик, {n}, кв. {rng.randrange(1, 120)}", "01001 Київ", "Україна"),
            (f"ул. Тверская, д. {n}, кв. {rng.randrange(1, 200)}", "125009 Москва", "Россия"),
            (f"{n} Nguyễn Huệ, Phường Bến Nghé", "Quận 1, TP. Hồ Chí Minh", "Việt Nam"),
            (
                f"{n}/{rng.randrange(1, 99)} ซอยสุขุมวิท {rng.randrange(1, 80)}",
                "แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110",
                "Thailand",
            ),
            (f"Jl. Sudirman No. {n}", f"Jakarta Selatan 12{rng.randrange(100, 999)}", "Indonesia"),
            (f"No. {n}, Jalan Ampang", "50450 Kuala Lumpur", "Malaysia"),
            (f"Bağdat Cad. No:{n} D:{rng.randrange(1, 20)}", "34728 Kadıköy/İstanbul", "Türkiye"),
            (f"{n} Rizal Avenue, Brgy. {rng.randrange(1, 300)}", "1003 Manila", "Philippines"),
        ]
    )


def address_more(rng: random.Random) -> str:
    street, city, _ = _address_parts8(rng)
    return f"{street}, {city}"


_pii8(
    "address_more_countries",
    address_more,
    "address",
    ["Lieferadresse: {v}", "ship to {v} pls", '"home_address": "{v}"', "адрес доставки: {v}"],
    "home_address",
)


def _address_block(rng: random.Random, t: int) -> tuple[str, list[str]]:
    street, city, country = _address_parts8(rng)
    text = _choose(
        [
            "Ship to:\nAttn: Accounts Payable\n{s}\n{c}\n{k}",
            "--\nSent from my home office\n{s} · {c} · {k}",
            '{{\n  "address": {{\n    "line1": "{s}",\n    "postal_city": "{c}",\n    "country": "{k}"\n  }}\n}}',
            "billing_address:\n  street: {s}\n  city: {c}\n  country: {k}",
            'id,street,city,country\n4411,"{s}","{c}",{k}',
            "<Address><Street>{s}</Street><City>{c}</City><Country>{k}</Country></Address>",
        ],
        t,
        s=street,
        c=city,
        k=country,
    )
    return text, [street, city]


round8_custom("address_layouts", "pii", _address_block, 6)

MONTHS8 = {
    "lt": [
        "sausio",
        "vasario",
        "kovo",
        "balandžio",
        "gegužės",
        "birželio",
        "liepos",
        "rugpjūčio",
        "rugsėjo",
        "spalio",
        "lapkričio",
        "gruodžio",
    ],
    "lv": [
        "janvāris",
        "februāris",
        "marts",
        "aprīlis",
        "maijs",
        "jūnijs",
        "jūlijs",
        "augusts",
        "septembris",
        "oktobris",
        "novembris",
        "decembris",
    ],
    "et": [
        "jaanuar",
        "veebruar",
        "märts",
        "aprill",
        "mai",
        "juuni",
        "juuli",
        "august",
        "september",
        "oktoober",
        "november",
        "detsember",
    ],
    "sk": [
        "januára",
        "februára",
        "marca",
        "apríla",
        "mája",
        "júna",
        "júla",
        "augusta",
        "septembra",
        "októbra",
        "novembra",
        "decembra",
    ],
    "sl": [
        "januarja",
        "februarja",
        "marca",
        "aprila",
        "maja",
        "junija",
        "julija",
        "avgusta",
        "septembra",
        "oktobra",
        "novembra",
        "decembra",
    ],
    "sr": [
        "јануар",
        "фебруар",
        "март",
        "април",
        "мај",
        "јун",
        "јул",
        "август",
        "септембар",
        "октобар",
        "новембар",
        "децембар",
    ],
    "bg": [
        "януари",
        "февруари",
        "март",
        "април",
        "май",
        "юни",
        "юли",
        "август",
        "септември",
        "октомври",
        "ноември",
        "декември",
    ],
    "sq": [
        "janar",
        "shkurt",
        "mars",
        "prill",
        "maj",
        "qershor",
        "korrik",
        "gusht",
        "shtator",
        "tetor",
        "nëntor",
        "dhjetor",
    ],
    "eu": [
        "urtarrilaren",
        "otsailaren",
        "martxoaren",
        "apirilaren",
        "maiatzaren",
        "ekainaren",
        "uztailaren",
        "abuztuaren",
        "irailaren",
        "urriaren",
        "azaroaren",
        "abenduaren",
    ],
    "cy": [
        "Ionawr",
        "Chwefror",
        "Mawrth",
        "Ebrill",
        "Mai",
        "Mehefin",
        "Gorffennaf",
        "Awst",
        "Medi",
        "Hydref",
        "Tachwedd",
        "Rhagfyr",
    ],
    "sw": [
        "Januari",
        "Februari",
        "Machi",
        "Aprili",
        "Mei",
        "Juni",
        "Julai",
        "Agosti",
        "Septemba",
        "Oktoba",
        "Novemba",
        "Desemba",
    ],
    "fa": ["ژانویه", "فوریه", "مارس", "آوریل", "مه", "ژوئن", "ژوئیه", "اوت", "سپتامبر", "اکتبر", "نوامبر", "دسامبر"],
    "hi": ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर", "दिसंबर"],
    "ta": ["ஜனவரி", "பிப்ரவரி", "மார்ச்", "ஏப்ரல்", "மே", "ஜூன்", "ஜூலை", "ஆகஸ்ட்", "செப்டம்பர்", "அக்டோபர்", "நவம்பர்", "டிசம்பர்"],
}


def dob8(rng: random.Random) -> str:
    y, m, d = _birth(rng)
    lang = rng.choice(sorted(MONTHS8))
    name = MONTHS8[lang][m - 1]
    return {
        "lt": f"{y} m. {name} {d} d.",
        "lv": f"{y}. gada {d}. {name}",
        "et": f"{d}. {name} {y}",
        "sk": f"{d}. {name} {y}",
        "sl": f"{d}. {name} {y}",
        "sr": f"{d}. {name} {y}.",
        "bg": f"{d} {name} {y} г.",
        "sq": f"{d} {name} {y}",
        "eu": f"{y}ko {name} {d}a",
        "cy": f"{d} {name} {y}",
        "sw": f"{d} {name} {y}",
        "fa": f"{d} {name} {y}",
        "hi": f"{d} {name} {y}",
        "ta": f"{d} {name} {y}",
    }[lang]


_pii8(
    "date_of_birth_langs",
    dob8,
    "date of birth",
    ["Gimimo data: {v}", "Dzimšanas datums: {v}", "Sünniaeg: {v}", "dátum narodenia {v}", "जन्म तिथि: {v}"],
    "birth_date",
)


def dob_layout8(rng: random.Random) -> str:
    y, m, d = _birth(rng)
    mon = calendar.month_abbr[m]
    return rng.choice(
        [
            f"{y}{m:02d}{d:02d}",
            f"{d:02d}-{mon.upper()}-{y}",
            f"{y}/{m:02d}/{d:02d}",
            f"{m}/{d}/{y % 100:02d}",
            f"{mon} {d} {y}",
            f"{d}{mon.upper()}{y % 100:02d}",
            f"{y}.{m:02d}.{d:02d}",
            f"{d:02d}{m:02d}{y}",
        ]
    )


_pii8(
    "date_of_birth_layouts",
    dob_layout8,
    "date of birth",
    [
        "DOB {v}",
        "b. {v}",
        "born {v} (per passport)",
        "PID|1||4411^^^ACME||ANON^ANON||{v}|F",
        '"birthDate": "{v}"',
        "birthdate={v}",
    ],
    "birthdate",
)

NAMES8_SCRIPTS = [
    "अनन्या शर्मा",
    "রাহুল চক্রবর্তী",
    "கார்த்திக் சுப்பிரமணியன்",
    "వెంకట రమణ",
    "ნინო ბერიძე",
    "Անի Սարգսյան",
    "נועה כהן",
    "محمد العتيبي",
    "مریم حسینی",
    "ሰላም ተስፋዬ",
    "សុខ ដារ៉ា",
    "အောင်ကျော်မင်း",
    "නිමල් පෙරේරා",
    "Γιώργος Παπαδάκης",
    "Милош Јовановић",
    "Олена Коваленко",
    "Бат-Эрдэнэ Ганбаатар",
    "田中 美咲",
    "김민준",
    "王秀英",
]
NAMES8_LATIN = [
    "Tūī Ngata",
    "Wayra Quispe Mamani",
    "Iñaki Etxeberria",
    "Rhiannon Pritchard",
    "Aoife Ní Bhriain",
    "Nolwenn Le Goff",
    "Jordi Puigdomènech",
    "Rojda Aydın",
    "Arbër Krasniqi",
    "Rūta Kazlauskienė",
    "Jānis Bērziņš",
    "Kadri Tamm",
    "Ġużeppi Camilleri",
    "Rizalino Dimaculangan",
    "Hery Rakotomalala",
    "Oluwaseun Adebayo-Williams",
    "Tshepo Mokoena",
    "Yerlan Nurlanovich Abenov",
    "Lupe Taufa",
    "Dagny Þórsdóttir",
]

_pii8(
    "person_name_scripts",
    lambda r: r.choice(NAMES8_SCRIPTS),
    "name",
    [
        "Owner: {v}",
        "thanks {v} for the fix!",
        '"author": "{v}"',
        "reviewer: {v}",
        '2024-03-12 10:01:22 INFO login ok user="{v}"',
    ],
    "owner_name",
)
_pii8(
    "person_name_contexts",
    lambda r: r.choice(NAMES8_LATIN),
    "name",
    [
        "id,full_name,plan\n4411,{v},pro",
        "2024-03-12T10:01:22Z INFO  audit: password reset requested by {v}",
        "Assigned to {v} · Due Friday",
        "@channel heads up, {v} is on call this week",
        "Best,\n{v}\nStaff Engineer, Payments",
    ],
    "full_name",
)


def _trailer(rng: random.Random, t: int) -> tuple[str, list[str]]:
    name = rng.choice(NAMES8_LATIN + NAMES8_SCRIPTS[13:])
    local = _ascii_slug(name.split()[0]) or "dev"
    mail = f"{local}.{_rs(rng, LOWER_ALNUM, 3)}@{rng.choice(COMPANY)}.{rng.choice(DOMAINS)}"
    text = _choose(
        [
            "fix(api): retry on 503\n\nCo-authored-by: {n} <{m}>",
            "Signed-off-by: {n} <{m}>",
            "Reviewed-by: {n} <{m}>\nTested-by: CI",
            "commit 3f2a9c1e\nAuthor: {n} <{m}>\nDate:   Tue Mar 12 10:01:22 2024 +0100",
            "{m}  {n}  2024-03-12  approved",
        ],
        t,
        n=name,
        m=mail,
    )
    return text, [name, mail]


round8_custom("person_name_trailer", "pii", _trailer, 5)


def email_obfuscated8(rng: random.Random) -> str:
    local = username(rng)
    dom = f"{rng.choice(COMPANY)}.{rng.choice(['com', 'de', 'io', 'nl', 'es'])}"
    d0, tld = dom.split(".")
    return rng.choice(
        [
            f"{local} (at) {d0} (dot) {tld}",
            f"{local}{{at}}{d0}{{dot}}{tld}",
            f"{local} @ {d0} . {tld}",
            f"{local}[@]{dom}",
            f"{local}&#x40;{dom}",
            f"{local}%40{dom}",
            f"{local} AT {d0} DOT {tld}",
            f"{local}_at_{d0}_dot_{tld}",
        ]
    )


_pii8(
    "email_obfuscated_more",
    email_obfuscated8,
    "e-mail",
    ["mail me: {v}", "E-Mail: {v}", "write to {v} for the invoice", "контакт: {v}"],
    "contact_email",
)


def _ip_embedded(rng: random.Random, t: int) -> tuple[str, list[str]]:
    a, b, c, d = rng.randrange(11, 223), rng.randrange(0, 255), rng.randrange(0, 255), rng.randrange(1, 254)
    while a in (100, 127, 169, 172, 192, 198, 203):
        a = rng.randrange(11, 223)
    dashed, dotted = f"{a}-{b}-{c}-{d}", f"{a}.{b}.{c}.{d}"
    reverse = f"{d}.{c}.{b}.{a}"  # (the PTR name spells the address backwards: it is the address too)
    forms = [
        ("ssh ec2-user@ec2-{h}.eu-central-1.compute.amazonaws.com", [dashed]),
        ("curl http://{v}.nip.io:8080/health", [dotted]),
        ("Received: from mail.example.net ([{v}]) by mx.acme.dev", [dotted]),
        ("PTR {r}.in-addr.arpa -> customer-{h}.isp.example.net", [dashed, reverse]),
        ('[{v}]:51234 - "GET /admin HTTP/1.1" 403', [dotted]),
        ("X-Real-IP: {v}\nX-Request-Id: 8c1f", [dotted]),
    ]
    tpl, needles = forms[t]
    return tpl.format(h=dashed, v=dotted, r=reverse), needles


round8_custom("ip_embedded", "pii", _ip_embedded, 6)


def vehicle_plate(rng: random.Random) -> str:
    up = string.ascii_uppercase
    return rng.choice(
        [
            f"{rng.choice(['B', 'M', 'HH', 'K', 'F', 'S'])}-{_rs(rng, up, 2)} {rng.randrange(1, 9999)}",  # DE
            f"{_rs(rng, up, 2)}{rng.randrange(10, 75)} {_rs(rng, up, 3)}",  # UK
            f"{_rs(rng, 'ABCDEFGHJKLMNPQRSTVWXYZ', 2)}-{_d(rng, 3)}-{_rs(rng, 'ABCDEFGHJKLMNPQRSTVWXYZ', 2)}",  # FR
            f"{_rs(rng, 'ABCDEFGHJKLMNPRSTVWXYZ', 2)} {_d(rng, 3)}{_rs(rng, 'ABCDEFGHJKLMNPRSTVWXYZ', 2)}",  # IT
            f"{_d(rng, 4)} {_rs(rng, 'BCDFGHJKLMNPRSTVWXYZ', 3)}",  # ES
            f"{_rs(rng, 'GHJKLNPRSTVXZ', 1)}-{_d(rng, 3)}-{_rs(rng, 'BDFGHJKLNPRSTVXZ', 2)}",  # NL
            f"{rng.choice(['WA', 'KR', 'PO', 'GD'])} {_d(rng, 5)}",  # PL
            f"{_rs(rng, up, 3)}-{_d(rng, 4)}",  # US-style
        ]
    )


_pii8(
    "vehicle_plate",
    vehicle_plate,
    "licence plate",
    ["Kennzeichen: {v}", "my reg is {v}, parking permit pls", '"license_plate": "{v}"', "immatriculation {v}"],
    "license_plate",
)

IBAN_BBAN8: dict[str, Callable[[random.Random], str]] = {
    "AD": lambda r: _d(r, 8) + _rs(r, ALNUM_UP, 12),
    "MC": lambda r: _d(r, 10) + _rs(r, ALNUM_UP, 11) + _d(r, 2),
    "SM": lambda r: _rs(r, string.ascii_uppercase, 1) + _d(r, 10) + _rs(r, ALNUM_UP, 12),
    "GI": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, ALNUM_UP, 15),
    "FO": lambda r: _d(r, 14),
    "GL": lambda r: _d(r, 14),
    "ME": lambda r: _d(r, 18),
    "MK": lambda r: _d(r, 3) + _rs(r, ALNUM_UP, 10) + _d(r, 2),
    "RS": lambda r: _d(r, 18),
    "AL": lambda r: _d(r, 8) + _rs(r, ALNUM_UP, 16),
    "BA": lambda r: _d(r, 16),
    "XK": lambda r: _d(r, 16),
    "MD": lambda r: _rs(r, ALNUM_UP, 20),
    "LB": lambda r: _d(r, 4) + _rs(r, ALNUM_UP, 20),
    "BH": lambda r: _rs(r, string.ascii_uppercase, 4) + _rs(r, ALNUM_UP, 14),
    "CR": lambda r: "0" + _d(r, 17),
    "DO": lambda r: _rs(r, ALNUM_UP, 4) + _d(r, 20),
    "GT": lambda r: _rs(r, ALNUM_UP, 24),
    "MR": lambda r: _d(r, 23),
    "VG": lambda r: _rs(r, string.ascii_uppercase, 4) + _d(r, 16),
}


def iban8(rng: random.Random) -> str:
    from stdnum import iban

    cc = rng.choice(sorted(IBAN_BBAN8))
    for _ in range(5000):  # (a national check, where the country has one, passes one draw in ~100)
        b = IBAN_BBAN8[cc](rng)
        check = 98 - int("".join(str(int(c, 36)) for c in b + cc + "00")) % 97
        value = f"{cc}{check:02d}{b}"
        if iban.is_valid(value):
            return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.5 else value
    raise RuntimeError(cc)


_pii8(
    "iban_remaining",
    iban8,
    "IBAN",
    ["IBAN: {v}", "please wire it to {v}", '"payout_iban": "{v}"', "Kontoverbindung {v}"],
    "payout_iban",
)


def card8(r: random.Random) -> str:
    prefix, length = r.choice(
        [
            ("5019", 16),  # Dankort
            (str(r.randrange(506099, 506199)), 19),  # Verve
            ("606282", 16),  # Hipercard
            ("604201", 16),  # Cabal
            ("1", 15),  # UATP
            (r.choice(["6759", "6761", "6763", "5018", "5020", "5038"]), r.choice([12, 13, 16, 19])),  # Maestro
            (r.choice(["9860", "8600"]), 16),  # Humo / Uzcard
            ("6011", 16),  # Discover
        ]
    )
    v = luhn_complete(prefix, length, r)
    if length == 16 and r.random() < 0.5:
        return " ".join(v[i : i + 4] for i in range(0, 16, 4))
    return v


_pii8(
    "payment_card_regional",
    card8,
    "card",
    ["Karte: {v} gültig bis 09/27", "charged {v} twice??", '"card_pan": "{v}"', "PAN={v} CVV=***"],
    "card_pan",
)


def clabe(r: random.Random) -> str:
    base = r.choice(["002", "012", "014", "021", "072"]) + _d(r, 14)
    check = (10 - sum(int(c) * w % 10 for c, w in zip(base, [3, 7, 1] * 6, strict=False)) % 10) % 10
    return base + str(check)


def _bank_more(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.randrange(5)
    if kind == 0:
        acct = clabe(rng)
        detail = f"CLABE {acct}"
    elif kind == 1:
        acct = _d(rng, 7)
        detail = f"{rng.randrange(1, 39):02d}-{_d(rng, 4)}-{acct}-{_d(rng, 2)}"  # NZ: bank-branch-account-suffix
    elif kind == 2:
        acct = _d(rng, 7)
        detail = f"transit {_d(rng, 5)}, institution {rng.choice(['001', '002', '003', '004', '006'])}, account {acct}"
    elif kind == 3:
        acct = _d(rng, 7)
        detail = f"三菱UFJ銀行 {rng.choice(['新宿', '渋谷', '梅田'])}支店 普通 {acct}"
    else:
        acct = f"{_d(rng, 5)}-{_d(rng, 1)}"
        detail = f"Banco {_d(rng, 3)}, agência {_d(rng, 4)}, conta corrente {acct}"
    text = _choose(
        [
            "para el reembolso: {d}",
            "refund details -> {d}",
            '{{"beneficiary": {{"account": "{d}"}}}}',
            "振込先: {d}",
        ],
        t,
        d=detail,
    )
    return text, [acct]


round8_custom("bank_account_more", "pii", _bank_more, 4)


# ---------------------------------------------------------------------------------------------
# round 9: written blind (without reading the engine or its tests), the holdout since round 8 joined
# dev. New families for every earlier category (Helm values, tfvars JSON, Ansible, notebook JSON,
# reverse-proxy and telemetry configs, secret-store CLIs, more languages' code, ORM and query logs,
# toString / Debug output, CDC and audit events, chat in more languages) and categories the generator
# lacked (App Store Connect / APNs keys, Consul / Nomad tokens, LDAP bind and SMTP passwords in
# their configs, exchange, feature-flag, geo, search, identity, realtime, serverless-database,
# DNS / CDN, object-storage, registry-robot, AI-infrastructure and webhook-signing secrets, passwords
# in more languages; national ids of more countries with their check digits, health numbers, medical
# record numbers, passport MRZ lines, phones with extensions / international prefixes / of more
# countries, addresses in CJK, right-to-left scripts, PO boxes and unit / floor notations, dates of
# birth in other calendars and numerals and in EDI / iCalendar / ICAO layouts, names family-name
# first and with honorifics and in package metadata, encoded e-mails, wrapped IPs).

ROUND9 = 9


def _extend9(name: str, make9: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-9 families (drawn by ``make9`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make9(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND9,) * n)


def round9_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND9,) * n))


def _picks9(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round9:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {C} Pascal case, {v} the value.
SECRET_FAMILIES9 = [
    'global:\n  secrets:\n    {c}: "{v}"\nreplicaCount: 2\nimage:\n  tag: 1.4.2',  # Helm values.yaml
    '{{\n  "{l}": "{v}",\n  "region": "eu-central-1"\n}}',  # terraform.tfvars.json
    "ansible-playbook site.yml -i inventories/prod -e {l}={v} --limit web",
    '- hosts: web\n  vars:\n    {l}: "{v}"\n  roles:\n    - api',
    '{{"cell_type": "code", "metadata": {{}}, "source": ["import os\\n", "os.environ[\\"{L}\\"] = \\"{v}\\"\\n"]}}',
    "%set_env {L}={v}",
    '<img src="https://static.acme.dev/render?width=600&amp;{l}={v}" alt="chart">',
    "reverse_proxy api:8080 {{\n  header_up X-Api-Key {v}\n}}",  # Caddyfile
    "backend api\n  http-request set-header X-Api-Key {v}\n  server api1 10.0.3.7:8080 check",  # HAProxy
    '  - "traefik.http.middlewares.upstream-auth.headers.customrequestheaders.X-Api-Key={v}"',
    'request_headers_to_add:\n- header:\n    key: x-api-key\n    value: "{v}"',  # Envoy
    "[OUTPUT]\n    Name   http\n    Match  *\n    Header X-Api-Key {v}",  # Fluent Bit
    "OTEL_EXPORTER_OTLP_HEADERS=x-api-key={v}",
    'credentials += Credentials("Acme Nexus", "nexus.acme.dev", "ci", "{v}")',  # sbt
    '{c} :: Text\n{c} = "{v}"',  # Haskell
    '(def {k} "{v}")',  # Clojure
    'let {l} = "{v}"\nlet () = Acme.init ~key:{l}',  # OCaml
    "setenv('{L}', '{v}');\nclient = acme.Client();",  # MATLAB
    "ext.{c} = '{v}'",  # Gradle (Groovy)
    'static NSString * const kAcme{C} = @"{v}";',  # Objective-C
    "EXEC sp_set_session_context @key = N'{l}', @value = N'{v}';",
    "ALTER SYSTEM SET acme.{l} = '{v}';\nSELECT pg_reload_conf();",
    "consul kv put config/api/{l} {v}",
    "etcdctl put /config/api/{l} '{v}'",
    "aws ssm put-parameter --name /prod/api/{l} --type SecureString --value '{v}' --overwrite",
    "az keyvault secret set --vault-name kv-acme-prod --name {k} --value '{v}'",
    "printf '%s' '{v}' | gcloud secrets versions add {k} --data-file=-",
    "vault kv put secret/api/prod {l}={v}",
    "op item create --category 'API Credential' --title {k} 'credential={v}'",
    "[Container]\nImage=quay.io/acme/api:1.4\nEnvironment={L}={v}",  # Podman quadlet
    "x-common-env: &common-env\n  {L}: {v}\n  LOG_LEVEL: info",  # compose anchor
    'args:\n  - --{k}\n  - "{v}"\n  - --concurrency=4',
    "./bin/worker --{k}={v} --concurrency 4 --queue default",
    "Set-Secret -Name {L} -Secret '{v}' -Vault LocalStore",
    'Error: request to upstream rejected\n\nCaused by:\n    0: invalid credentials\n    1: api key "{v}" is not active',
    'HTTP/1.1 401 Unauthorized\nContent-Type: application/json\n\n{{"error": "invalid_api_key", "key": "{v}"}}',
    "@{c} = {v}\n\nGET https://api.acme.dev/v1/me\nX-Api-Key: {{{{{c}}}}}",  # REST Client .http file
    "diff --git a/.env.production b/.env.production\n@@ -3,0 +4 @@\n+{L}={v}",
    "nøkkelen {v} virker ikke lenger, får bare 401",
    "kľúč {v} nefunguje, stále vracia 401",
    "ключът {v} не работи, връща 401",
    "кључ {v} не ради, стално враћа 401",
    "کلید {v} کار نمی‌کند و همش ۴۰۱ میدهد",
    "یہ key {v} کام نہیں کر رہی، 401 آ رہا ہے",
    "এই key {v} কাজ করছে না, 401 দিচ্ছে",
    "இந்த key {v} வேலை செய்யவில்லை, 401 வருகிறது",
    "raktas {v} neveikia, vis grąžina 401",
    "võti {v} ei tööta, annab kogu aeg 401",
    "ključ {v} ne deluje, vedno vrne 401",
    "გასაღები {v} არ მუშაობს, 401-ს აბრუნებს",
    "die sleutel {v} werk nie, kry net 401",
    "lykillinn {v} virkar ekki, fæ alltaf 401",
]

# PII families: {f} the field in words, {k} a snake-case key, {K} its Pascal case, {c} its camel
# case, {v} the value, {vq} the value URL-encoded.
PII_FAMILIES9 = [
    '{{"resourceType": "Patient", "id": "p-4411", "{c}": "{v}"}}',  # FHIR
    "NTE|1||{f}: {v}",  # HL7 note segment
    "await prisma.customer.findUnique({{ where: {{ {c}: '{v}' }} }});",
    "session.query(Customer).filter_by({k}='{v}').one_or_none()",
    '  Customer Load (0.4ms)  SELECT "customers".* FROM "customers" WHERE "customers"."{k}" = $1 LIMIT $2  '
    '[["{k}", "{v}"], ["LIMIT", 1]]',
    "o.h.type.descriptor.sql.BasicBinder - binding parameter [1] as [VARCHAR] - [{v}]",
    'index=crm sourcetype=signup {k}="{v}" | stats count by status',
    '{k}: "{v}" and event.outcome: failure',
    "SELECT * FROM `acme.crm.customers` WHERE {k} = '{v}'",
    'df[df["{k}"] == "{v}"]',
    'customers %>% filter({k} == "{v}")',
    '{{"ticket": {{"subject": "Account update", "custom_fields": [{{"id": 360011, "value": "{v}"}}]}}}}',
    "Customer (via Messenger): hi, my {f} is {v}",
    'factory :customer do\n  {k} {{ "{v}" }}\nend',
    "CUST-4411   {v}   ACTIVE   2024-03-12",
    "**{f}:** {v}",
    "GET /api/v1/customers/by-{k}/{vq} 404 12ms",
    'customer lookup failed: {k}="{v}": not found',
    'Customer {{ id: 4411, {k}: "{v}", tier: Gold }}',
    "Customer(id=4411, {k}='{v}', tier='gold')",
    "Customer(id=4411, {c}={v}, tier=GOLD)",
    "Customer[id=4411, {c}={v}]",
    '{{"event":"profile.updated","actor":"support","changes":{{"{k}":["","{v}"]}}}}',
    '{{"op":"u","source":{{"table":"customers"}},"after":{{"id":4411,"{k}":"{v}"}}}}',  # Debezium
    "| id | {f} | status |\n|---|---|---|\n| 4411 | {v} | active |",
    "[00:03:12] caller: yeah so my {f} is {v}",
    "{f} ........................ {v}",
    "NotFoundException: no customer with {f} {v}\n    at CustomerService.lookup (customer.service.ts:88:13)",
    "UPDATE customers SET {k} = :{k} WHERE id = 4411 -- :{k} = '{v}'",
    "kunden oppga {f}: {v}, kan du sjekke?",
    "zákazník uviedol {f}: {v}, môžeš to overiť?",
    "клиентът даде {f}: {v}, можеш ли да провериш?",
    "клијент је навео {f}: {v}, можеш ли да провериш?",
    "مشتری {f} خود را {v} اعلام کرده، لطفاً بررسی کن",
    "گاہک نے {f} {v} بتایا ہے، براہ کرم چیک کریں",
    "গ্রাহক {f} দিয়েছেন {v}, একটু দেখবেন?",
    "வாடிக்கையாளர் {f} {v} என்று கொடுத்துள்ளார், சரிபார்க்கவும்",
    "klientas nurodė {f}: {v}, gal gali patikrinti?",
    "klient märkis {f}: {v}, kas saad kontrollida?",
    "stranka je navedla {f}: {v}, lahko preveriš?",
    "die kliënt het {f} {v} gegee, kan jy dit nagaan?",
]

KEY9: dict[str, str] = {}  # the keys and field names of round 9's new personal-data categories
FIELD9: dict[str, str] = {}


def _generic9(name: str, kind: str, k: int = 3) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    fams = SECRET_FAMILIES9 if kind == "secret" else PII_FAMILIES9
    picks = [fams[j] for j in _picks9(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = FIELD8.get(name) or FIELD7.get(name) or FIELD6.get(name, name.split("_")[0])
    key = KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value6(name, rng)[0]
        text = _choose(
            picks,
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            C=_pascal(label.lower()),
            K=_pascal(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


PAIR_LABELS9 = {
    "aws_keys": ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"),
    "twilio": ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"),
    "twilio_api_key": ("TWILIO_API_KEY", "TWILIO_API_SECRET"),
    "datadog_keys": ("DD_API_KEY", "DD_APP_KEY"),
    "cloud_access_pair": ("ACCESS_KEY_ID", "ACCESS_KEY_SECRET"),
}
PAIR_FAMILIES9 = [
    "consul kv put config/api/{l1} {a}\nconsul kv put config/api/{l2} {b}",
    "[default]\n{l1} = {a}\n{l2} = {b}",
    '- name: {L1}\n  value: "{a}"\n- name: {L2}\n  value: "{b}"',
    '{{"cell_type": "code", "source": ["%env {L1}={a}\\n", "%env {L2}={b}"]}}',
    "| {L1} | {a} |\n| {L2} | {b} |",
    "helm upgrade api ./chart --set creds.{l1}={a},creds.{l2}={b}",
    "vault kv put secret/ci {l1}={a} {l2}={b}",
]


def _pair9(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    l1, l2 = PAIR_LABELS9[name]
    picks = [PAIR_FAMILIES9[j] for j in _picks9(name, len(PAIR_FAMILIES9), 3)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        a, b = _value6(name, rng)[:2]
        return _choose(picks, t, a=a, b=b, L1=l1, L2=l2, l1=l1.lower(), l2=l2.lower()), [a, b]

    return make, len(picks)


def _pem9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(5, 12))
    pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
    if t == 0:  # Helm values block scalar
        text = "tls:\n  enabled: true\n  key: |\n    " + pem.replace("\n", "\n    ") + "\n  certSecret: api-tls"
    elif t == 1:  # terraform.tfvars.json
        text = '{\n  "tls_private_key": ' + json.dumps(pem) + ',\n  "domain": "api.acme.dev"\n}'
    elif t == 2:  # a notebook cell writing the key to a file
        cell = {"cell_type": "code", "source": ['key = """' + pem + '"""\n', "open('id', 'w').write(key)"]}
        text = json.dumps(cell)
    else:  # Go raw string
        text = "const signingKey = `" + pem + "`\n\nfunc init() { jwt.Setup(signingKey) }"
    return text, body


def _pgp9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(6, 12))
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    if t == 0:  # Helm / sops values
        text = "gpg:\n  privateKey: |\n    " + block.replace("\n", "\n    ")
    else:  # GitLab CI variable file echoed in a job log
        text = "$ cat $GPG_KEY_FILE\n" + block + "\n$ gpg --batch --import $GPG_KEY_FILE"
    return text, body


def _gcp_sa9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 20)
    kid = _rs(rng, HEX, 40)
    pk = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n"
    obj = {
        "type": "service_account",
        "project_id": "acme-ml-7781",
        "private_key_id": kid,
        "private_key": pk,
        "client_email": "trainer@acme-ml-7781.iam.gserviceaccount.com",
    }
    if t == 0:  # Helm values
        text = "gcp:\n  credentials: '" + json.dumps(obj, separators=(",", ":")) + "'"
    else:  # Terraform variable default
        text = 'variable "gcp_credentials" {\n  default = <<EOT\n' + json.dumps(obj, indent=2) + "\nEOT\n}"
    return text, [kid, *body]


def _putty9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(4, 8))
    ppk = (
        "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: imported-openssh-key\nPublic-Lines: 2\n"
        "AAAAB3NzaC1yc2EAAAADAQABAAABAQ\nC7vbqajDhA==\nPrivate-Lines: " + str(len(body)) + "\n" + "\n".join(body)
    )
    ppk += "\nPrivate-MAC: " + _rs(rng, HEX, 40)
    if t == 0:
        return "PS C:\\keys> Get-Content .\\bastion.ppk\n" + ppk, body
    return '{"name": "bastion", "ppk": ' + json.dumps(ppk) + "}", body


def _pw_url9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    q = urllib.parse.quote(pw, safe="")
    return _choose(
        [
            "externalDatabase:\n  url: postgresql://api:{q}@pg.acme.internal:5432/api?sslmode=require",
            '{{\n  "database_url": "mysql://app:{q}@mysql.acme.internal:3306/app"\n}}',
            "celery -A acme worker -b amqp://worker:{q}@rabbit.acme.internal:5672//",
            "influx config create -n prod -u https://admin:{q}@influx.acme.internal:8086",
        ],
        t,
        q=q,
    ), [pw, q]


def _webhook9(host: str, label: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (part,) = _value6(label, rng)[:1]
        url = f"{host}{part}"
        return _choose(
            [
                "alerting:\n  webhook:\n    url: {url}\n    sendResolved: true",
                '{{\n  "notify_webhook_url": "{url}"\n}}',
                '- name: Notify\n  run: curl -sf -X POST -d \'{{"text":"deployed"}}\' {url}',
            ],
            t,
            url=url,
        ), [part]

    return make


def _winpath9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("windows_profile", rng)[:1]
    return _choose(
        [
            "Traceback (most recent call last):\n"
            '  File "C:\\Users\\{u}\\AppData\\Roaming\\Python\\Python312\\site-packages\\acme\\cli.py", line 41',
            '{{"cell_type": "code", "metadata": {{"path": "C:\\\\Users\\\\{u}\\\\notebooks"}}}}',
            "helm install api .\\chart -f C:\\Users\\{u}\\OneDrive\\work\\values-prod.yaml",
        ],
        t,
        u=u,
    ), [u]


def _homepath9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("home_dir_user", rng)[:1]
    return _choose(
        [
            "ansible-playbook -i /home/{u}/infra/inventories/prod site.yml --vault-password-file ~/.vault",
            '{{"kernelspec": {{"name": "python3"}}, "metadata": {{"path": "/Users/{u}/notebooks/eda.ipynb"}}}}',
            "Error: open /home/{u}/.kube/config: permission denied",
        ],
        t,
        u=u,
    ), [u]


def _ip9fam(name: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (v,) = _value6(name, rng)[:1]
        return _choose(
            [
                "loadBalancerSourceRanges:\n  - {v}/32",
                '{{"@timestamp": "2024-03-12T10:01:22Z", "client": {{"ip": "{v}"}}, "http.response.status_code": 401}}',
                'Customer Load (0.3ms)  SELECT "sessions".* WHERE "sessions"."last_ip" = $1  [["last_ip", "{v}"]]',
            ],
            t,
            v=v,
        ), [v]

    return make


def _recovery9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    codes = [_d(rng, 8) for _ in range(6)]
    text = _choose(
        [
            "Your backup codes (each works once):\n" + "\n".join(f"  {c[:4]} {c[4:]}" for c in codes),
            "backup_codes:\n" + "\n".join(f"  - '{c}'" for c in codes),
        ],
        t,
    )
    return text, [f"{c[:4]} {c[4:]}" for c in codes] if t % 2 == 0 else codes


_SPECIFIC9: dict[str, tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]] = {
    **{name: _pair9(name) for name in PAIR_LABELS9},
    "gcp_service_account": (_gcp_sa9, 2),
    "pem_private_key": (_pem9, 4),
    "pgp_private_key": (_pgp9, 2),
    "putty_private_key": (_putty9, 2),
    "password_url": (_pw_url9, 4),
    "slack_webhook": (_webhook9("https://hooks.slack.com/services/", "slack_webhook"), 3),
    "discord_webhook": (_webhook9("https://discord.com/api/webhooks/", "discord_webhook"), 3),
    "windows_profile": (_winpath9, 3),
    "home_dir_user": (_homepath9, 3),
    "ipv4": (_ip9fam("ipv4"), 3),
    "ipv6": (_ip9fam("ipv6"), 3),
    "ipv6_forms": (_ip9fam("ipv6_forms"), 3),
    "mfa_recovery_code": (_recovery9, 2),
}

for _c in list(CATS):
    if _c.name in _SPECIFIC9:
        _extend9(_c.name, *_SPECIFIC9[_c.name])
    else:
        _extend9(_c.name, *_generic9(_c.name, _c.kind))


# --- categories the generator lacked: credential formats of more providers and tools


def _multi9(
    formats: list[tuple[str, Callable[[random.Random], str]]], own: list[str], name: str, shared: int = 2
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several token formats: each draw picks a format (its label and generator)."""
    templates = own + [SECRET_FAMILIES9[j] for j in _picks9(name, len(SECRET_FAMILIES9), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        label, gen = rng.choice(formats)
        v = gen(rng)
        text = _choose(
            templates,
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-"),
            c=_camel(label),
            C=_pascal(label.lower()),
        )
        return text, [v]

    return make, len(templates)


def _rbytes(r: random.Random, n: int) -> bytes:
    return bytes(r.randrange(256) for _ in range(n))


def p8_key_lines(r: random.Random) -> list[str]:
    """An App Store Connect / APNs ``.p8`` key: PKCS#8 DER of a P-256 key (its fixed ASN.1 header,
    32 random private bytes, 64 random public-point bytes), base64 in 64-character lines."""
    der = (
        bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107047930770201010420")
        + _rbytes(r, 32)
        + bytes.fromhex("a00a06082a8648ce3d030107a14403420004")
        + _rbytes(r, 64)
    )
    b = base64.b64encode(der).decode()
    return [b[i : i + 64] for i in range(0, len(b), 64)]


def _apple_p8(rng: random.Random, t: int) -> tuple[str, list[str]]:
    lines = p8_key_lines(rng)
    kid, team = _rs(rng, ALNUM_UP, 10), _rs(rng, ALNUM_UP, 10)
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----"
    forms = [
        f"$ cat ~/Downloads/AuthKey_{kid}.p8\n{pem}",
        json.dumps({"key_id": kid, "issuer_id": _uuid4(rng), "key": pem, "in_house": False}, indent=2),
        'APNS_AUTH_KEY="' + pem.replace("\n", "\\n") + f'"\nAPNS_KEY_ID={kid}\nAPNS_TEAM_ID={team}',
        "const provider = new apn.Provider({\n  token: {\n    key: `" + pem + f"`,\n    keyId: '{kid}',\n"
        f"    teamId: '{team}',\n  }},\n  production: true,\n}});",
        "environment:\n  vars:\n    APP_STORE_CONNECT_KEY_IDENTIFIER: "
        + kid
        + "\n    APP_STORE_CONNECT_PRIVATE_KEY: |\n"
        "      " + pem.replace("\n", "\n      "),
    ]
    return forms[t % len(forms)], lines


round9_custom("apple_p8_key", "secret", _apple_p8, 5)

for _name9, _formats9, _own9 in [
    (
        "hashicorp_acl_token",
        [("CONSUL_HTTP_TOKEN", _uuid4), ("NOMAD_TOKEN", _uuid4), ("CONSUL_ACL_TOKEN", _uuid4)],
        [
            "{L}={v}",
            "$ consul acl token create -description 'ci deploy' -policy-name deploy\n"
            "AccessorID:       6a1253c3-8ac6-4a51-9ac6-2d1f0b7e4c11\nSecretID:         {v}\n"
            "Description:      ci deploy",
            "consul members -token={v}",
            'provider "nomad" {{\n  address   = "https://nomad.acme.internal:4646"\n  secret_id = "{v}"\n}}',
            "curl -H 'X-Consul-Token: {v}' https://consul.acme.internal:8501/v1/kv/config?recurse",
            "nomad job run -token {v} api.nomad",
        ],
    ),
    (
        "feature_flag_key",
        [
            ("LAUNCHDARKLY_SDK_KEY", lambda r: "sdk-" + _uuid4(r)),
            ("LD_API_TOKEN", lambda r: "api-" + _uuid4(r)),
            ("FLAGSMITH_SERVER_KEY", lambda r: "ser." + _rs(r, B62, 22)),
            ("STATSIG_SERVER_SECRET", lambda r: "secret-" + _rs(r, B62, 43)),
            ("UNLEASH_API_TOKEN", lambda r: "default:production." + _rs(r, HEX, 56)),
            ("CONFIGCAT_SDK_KEY", lambda r: f"configcat-sdk-1/{_rs(r, B64URL, 22)}/{_rs(r, B64URL, 22)}"),
            ("POSTHOG_PERSONAL_API_KEY", lambda r: "phx_" + _rs(r, B62, 43)),
            ("AMPLITUDE_SECRET_KEY", lambda r: _rs(r, HEX, 32)),
            ("MIXPANEL_API_SECRET", lambda r: _rs(r, HEX, 32)),
        ],
        [
            "{L}={v}",
            "featureFlags:\n  provider: acme\n  serverKey: {v}",
            "const flags = init({{ sdkKey: '{v}' }}); // {L}",
            'curl -H "Authorization: Bearer {v}" https://flags.acme.dev/api/v1/flags  # {L}',
        ],
    ),
    (
        "geo_api_key",
        [
            ("HERE_API_KEY", lambda r: _rs(r, B64URL, 43)),
            ("TOMTOM_API_KEY", lambda r: _rs(r, B62, 32)),
            ("OPENCAGE_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("GEOAPIFY_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("BING_MAPS_KEY", lambda r: _rs(r, B64URL, 64)),
            ("RADAR_SECRET_KEY", lambda r: "prj_live_sk_" + _rs(r, HEX, 40)),
            ("WHAT3WORDS_API_KEY", lambda r: _rs(r, ALNUM_UP, 8)),
        ],
        [
            "{L}={v}",
            "https://geocode.search.acme-maps.dev/v1/geocode?q=Brandenburger+Tor&apiKey={v}",
            "geocoder = Geocoder(api_key='{v}')  # {L}",
            "maps:\n  geocoding:\n    key: {v}",
        ],
    ),
    (
        "search_index_key",
        [
            ("ALGOLIA_ADMIN_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("MEILI_MASTER_KEY", lambda r: _rs(r, B64URL, 43)),
            ("TYPESENSE_API_KEY", lambda r: _rs(r, B62, 32)),
            (
                "ELASTIC_API_KEY",
                lambda r: base64.b64encode(f"{_rs(r, B64URL, 20)}:{_rs(r, B64URL, 22)}".encode()).decode(),
            ),
            ("QDRANT_API_KEY", lambda r: _rs(r, B62, 40)),
            ("WEAVIATE_API_KEY", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            'curl -H "Authorization: ApiKey {v}" https://search.acme.dev:9243/_cat/indices  # {L}',
            "client = SearchClient('ACME12XYZ9', '{v}')  # {L}",
            'search:\n  host: https://search.acme.dev\n  apiKey: "{v}"',
        ],
    ),
    (
        "identity_platform_secret",
        [
            ("AUTH0_CLIENT_SECRET", lambda r: _rs(r, B64URL, 64)),
            ("COGNITO_CLIENT_SECRET", lambda r: _rs(r, LOWER_ALNUM, 52)),
            ("APPWRITE_API_KEY", lambda r: "standard_" + _rs(r, HEX, 256)),
            ("ORY_API_KEY", lambda r: "ory_pat_" + _rs(r, B62, 32)),
            ("ZITADEL_PAT", lambda r: _rs(r, B64URL, 70)),
        ],
        [
            "{L}={v}",
            "identity:\n  issuer: https://login.acme.dev/\n  client_id: web-portal\n  client_secret: {v}",
            "curl -X POST https://login.acme.dev/oauth/token -d client_id=web-portal -d client_secret={v}"
            " -d grant_type=client_credentials",
            "new IdentityClient({{ apiKey: '{v}' }}) // {L}",
        ],
    ),
    (
        "realtime_push_key",
        [
            ("PUSHER_APP_SECRET", lambda r: _rs(r, HEX, 20)),
            ("ABLY_API_KEY", lambda r: f"{_rs(r, B62, 6)}.{_rs(r, B62, 6)}:{_rs(r, B64URL, 43)}"),
            ("ONESIGNAL_REST_API_KEY", lambda r: "os_v2_app_" + _rs(r, string.ascii_lowercase + "234567", 113)),
            ("EXPO_ACCESS_TOKEN", lambda r: _rs(r, B64URL, 40)),
            ("PUBNUB_SECRET_KEY", lambda r: "sec-c-" + _rs(r, B62, 48)),
            ("STREAM_API_SECRET", lambda r: _rs(r, LOWER_ALNUM, 64)),
        ],
        [
            "{L}={v}",
            "realtime:\n  driver: acme\n  secret: {v}",
            "const client = new Realtime({{ key: '{v}' }}); // {L}",
            'curl -X POST https://push.acme.dev/api/v1/notifications -H "Authorization: Key {v}"',
        ],
    ),
    (
        "serverless_db_token",
        [
            (
                "TURSO_AUTH_TOKEN",
                lambda r: f"eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.{_rs(r, B64URL, 100)}.{_rs(r, B64URL, 86)}",
            ),
            ("NEON_API_KEY", lambda r: "napi_" + _rs(r, LOWER_ALNUM, 64)),
            ("UPSTASH_REDIS_REST_TOKEN", lambda r: "AX" + _rs(r, B62, 58) + "="),
            ("XATA_API_KEY", lambda r: "xau_" + _rs(r, B62, 32)),
            ("FAUNA_SECRET", lambda r: "fnA" + _rs(r, B64URL, 37)),
            ("ATLAS_PRIVATE_KEY", _uuid4),
        ],
        [
            "{L}={v}",
            "createClient({{ url: process.env.DATABASE_URL, authToken: '{v}' }}) // {L}",
            "database:\n  provider: acme\n  token: {v}",
            "curl -H 'Authorization: Bearer {v}' https://console.acme.dev/api/v2/projects  # {L}",
        ],
    ),
    (
        "dns_cdn_token",
        [
            ("FASTLY_API_TOKEN", lambda r: _rs(r, B64URL, 32)),
            ("BUNNY_API_KEY", lambda r: _uuid4(r) + _uuid4(r)),
            ("AKAMAI_CLIENT_SECRET", lambda r: _b64key(r, 32)),
            ("PORKBUN_SECRET_API_KEY", lambda r: "sk1_" + _rs(r, HEX, 64)),
            ("NAMECHEAP_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("GODADDY_API_SECRET", lambda r: _rs(r, B62, 22)),
            ("GANDI_PAT", lambda r: _rs(r, HEX, 40)),
        ],
        [
            "{L}={v}",
            "[default]\nclient_secret = {v}\nhost = akab-3fq2n7e5bq4x6zqd.luna.akamaiapis.net",
            "dns:\n  provider: acme\n  api_token: {v}",
            'curl -X POST https://api.cdn.acme.dev/service/purge_all -H "Fastly-Key: {v}"',
            "# /etc/letsencrypt/dns.ini\ndns_acme_api_token = {v}",
        ],
    ),
    (
        "registry_robot_secret",
        [
            ("QUAY_ROBOT_TOKEN", lambda r: _rs(r, ALNUM_UP, 32)),
            ("HARBOR_ROBOT_SECRET", lambda r: _rs(r, B62, 32)),
            ("ACR_PASSWORD", lambda r: _rs(r, B62, 42) + "+ACR" + _rs(r, B62, 6)),
            ("ECR_PASSWORD", lambda r: "eyJwYXlsb2FkIjoi" + _rs(r, B62 + "+/", 600) + "=="),
        ],
        [
            "{L}={v}",
            "podman login registry.acme.dev --username 'robot$ci' --password '{v}'",
            '{{"auths": {{"registry.acme.dev": {{"username": "robot$ci", "password": "{v}"}}}}}}',
            "echo '{v}' | docker login registry.acme.dev -u 'robot$ci' --password-stdin",
        ],
    ),
    (
        "ai_infra_key",
        [
            ("CEREBRAS_API_KEY", lambda r: "csk-" + _rs(r, LOWER_ALNUM, 48)),
            ("LLAMA_CLOUD_API_KEY", lambda r: "llx-" + _rs(r, B62, 48)),
            ("RUNPOD_API_KEY", lambda r: "rpa_" + _rs(r, ALNUM_UP, 40)),
            ("ANYSCALE_API_KEY", lambda r: "esecret_" + _rs(r, LOWER_ALNUM, 26)),
            ("BASETEN_API_KEY", lambda r: f"{_rs(r, B62, 8)}.{_rs(r, B62, 32)}"),
            ("SAMBANOVA_API_KEY", _uuid4),
        ],
        [
            "{L}={v}",
            "client = OpenAI(base_url='https://api.inference.acme.dev/v1', api_key='{v}')",
            "export {L}={v}\npython -m acme.bench --model llama-3.1-8b",
            "llm:\n  provider: openai-compatible\n  api_key: {v}",
        ],
    ),
    (
        "webhook_signing_secret",
        [
            ("SLACK_SIGNING_SECRET", lambda r: _rs(r, HEX, 32)),
            ("GITHUB_WEBHOOK_SECRET", lambda r: _rs(r, HEX, 40)),
            ("SHOPIFY_API_SECRET", lambda r: "shpss_" + _rs(r, HEX, 32)),
            ("ZOOM_WEBHOOK_SECRET_TOKEN", lambda r: _rs(r, B64URL, 22)),
            ("LINEAR_WEBHOOK_SECRET", lambda r: "lin_wh_" + _rs(r, B62, 40)),
        ],
        [
            "{L}={v}",
            "digest = hmac.new(b'{v}', request.body, hashlib.sha256).hexdigest()",
            "webhooks:\n  verify: true\n  secret: {v}",
            "const sig = crypto.createHmac('sha256', '{v}').update(rawBody).digest('hex');",
        ],
    ),
]:
    round9_custom(_name9, "secret", *_multi9(_formats9, _own9, _name9))


def _exchange_pair(rng: random.Random, t: int) -> tuple[str, list[str]]:
    ex, key, sec = rng.choice(
        [
            ("binance", _rs(rng, B62, 64), _rs(rng, B62, 64)),
            ("bybit", _rs(rng, B62, 18), _rs(rng, B62, 36)),
            ("kraken", _rs(rng, B62 + "+/", 56), _b64key(rng, 64)),
            ("okx", _uuid4(rng), _rs(rng, HEXU, 32)),
        ]
    )
    text = _choose(
        [
            "exchange = ccxt.{ex}({{\n    'apiKey': '{a}',\n    'secret': '{b}',\n}})",
            '"exchange": {{\n    "name": "{ex}",\n    "key": "{a}",\n    "secret": "{b}",\n    "ccxt_config": {{}}\n}}',
            "{EX}_API_KEY={a}\n{EX}_API_SECRET={b}",
            "{ex}_api_key: {a}\n{ex}_api_secret: {b}",
        ],
        t,
        ex=ex,
        EX=ex.upper(),
        a=key,
        b=sec,
    )
    return text, [key, sec]


round9_custom("exchange_api_pair", "secret", _exchange_pair, 4)


def _storage_pair(rng: random.Random, t: int) -> tuple[str, list[str]]:
    key, sec, ep = rng.choice(
        [
            (_rs(rng, HEX, 32), _rs(rng, HEX, 64), f"https://{_rs(rng, HEX, 32)}.r2.cloudflarestorage.com"),
            (_rs(rng, ALNUM_UP, 20), _rs(rng, B62 + "+/", 40), "https://s3.eu-central-1.wasabisys.com"),
            ("DO00" + _rs(rng, ALNUM_UP, 16), _rs(rng, B62 + "+/", 43), "https://fra1.digitaloceanspaces.com"),
            (
                _rs(rng, HEX, 40),
                _b64key(rng, 32),
                "https://acmetenancy.compat.objectstorage.eu-frankfurt-1.oraclecloud.com",
            ),
            (_rs(rng, B62, 20), _rs(rng, B62, 40), "https://b2k7.fra.idrivee2-12.com"),
        ]
    )
    text = _choose(
        [
            "[store]\ntype = s3\nprovider = Other\naccess_key_id = {a}\nsecret_access_key = {b}\nendpoint = {ep}",
            "s3 = boto3.client('s3', endpoint_url='{ep}',\n                  aws_access_key_id='{a}',\n"
            "                  aws_secret_access_key='{b}')",
            "export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={b}\nrestic -r s3:{ep}/backups snapshots",
            'terraform {{\n  backend "s3" {{\n    endpoint   = "{ep}"\n    access_key = "{a}"\n'
            '    secret_key = "{b}"\n  }}\n}}',
            "mc alias set store {ep} {a} {b}",
        ],
        t,
        a=key,
        b=sec,
        ep=ep,
    )
    return text, [key, sec]


round9_custom("object_storage_pair", "secret", _storage_pair, 5)


def _bind_password(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    return _choose(
        [
            "[domain/acme.dev]\nid_provider = ldap\nldap_default_bind_dn = cn=sssd,ou=services,dc=acme,dc=dev\n"
            "ldap_default_authtok = {v}",
            'rootdn   "cn=admin,dc=acme,dc=dev"\nrootpw   {v}',
            "spring.ldap.urls=ldaps://dc01.acme.dev:636\nspring.ldap.username=CN=svc-app,OU=Services,DC=acme,DC=dev\n"
            "spring.ldap.password={v}",
            "gitlab_rails['ldap_servers'] = {{\n  'main' => {{\n"
            "    'bind_dn' => 'CN=svc-gitlab,OU=Services,DC=acme,DC=dev',"
            "\n    'password' => '{v}',\n  }}\n}}",
            "binddn cn=nslcd,ou=services,dc=acme,dc=dev\nbindpw {v}",
            'AuthLDAPBindDN "CN=svc-web,OU=Services,DC=acme,DC=dev"\nAuthLDAPBindPassword "{v}"',
            "conn.simple_bind_s('cn=admin,dc=acme,dc=dev', '{v}')",
            "$entry = New-Object System.DirectoryServices.DirectoryEntry("
            '"LDAP://dc01.acme.dev", "ACME\\svc-sync", "{v}")',
        ],
        t,
        v=v,
    ), [v]


round9_custom("directory_bind_password", "secret", _bind_password, 8)


def _smtp_password(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    return _choose(
        [
            "EMAIL_HOST = 'smtp.acme.dev'\nEMAIL_HOST_USER = 'mailer@acme.dev'\nEMAIL_HOST_PASSWORD = '{v}'",
            "MAIL_MAILER=smtp\nMAIL_HOST=smtp.acme.dev\nMAIL_USERNAME=mailer\nMAIL_PASSWORD={v}",
            "config.action_mailer.smtp_settings = {{\n  address: 'smtp.acme.dev',\n  user_name: 'mailer',\n"
            "  password: '{v}',\n}}",
            "spring.mail.host=smtp.acme.dev\nspring.mail.username=mailer\nspring.mail.password={v}",
            "nodemailer.createTransport({{ host: 'smtp.acme.dev', port: 587,"
            " auth: {{ user: 'mailer', pass: '{v}' }} }});",
            "[smtp.acme.dev]:587    mailer@acme.dev:{v}",  # Postfix sasl_passwd
            "account default\nhost smtp.acme.dev\nport 587\nuser mailer@acme.dev\npassword {v}",  # msmtprc
            "[mailer]\nENABLED = true\nSMTP_ADDR = smtp.acme.dev\nUSER = mailer\nPASSWD = `{v}`",  # Gitea
            "$mail->Username = 'mailer@acme.dev';\n$mail->Password = '{v}';",
            '[smtp]\nenabled = true\nhost = smtp.acme.dev:587\nuser = grafana\npassword = """{v}"""',
        ],
        t,
        v=v,
    ), [v]


round9_custom("smtp_password", "secret", _smtp_password, 10)

FOREIGN_PW9 = [
    "passordet til serveren er {v}",
    "heslo na server je {v}",
    "паролата за сървъра е {v}",
    "лозинка за сервер је {v}",
    "رمز عبور سرور {v} است",
    "سرور کا پاس ورڈ {v} ہے",
    "সার্ভারের পাসওয়ার্ড {v}",
    "சர்வர் கடவுச்சொல் {v}",
    "serverio slaptažodis yra {v}",
    "serveri parool on {v}",
    "servera parole ir {v}",
    "geslo za strežnik je {v}",
    "სერვერის პაროლია {v}",
    "սերվերի գաղտնաբառն է {v}",
    "сервердің құпия сөзі {v}",
    "የሰርቨሩ የይለፍ ቃል {v} ነው",
    "die wagwoord vir die bediener is {v}",
    "lykilorðið að þjóninum er {v}",
    "cyfrinair y gweinydd yw {v}",
    "zerbitzariaren pasahitza {v} da",
    "o contrasinal do servidor é {v}",
    "सर्व्हरचा पासवर्ड {v} आहे",
    "సర్వర్ పాస్‌వర్డ్ {v}",
    "सर्भरको पासवर्ड {v} हो",
    "serverin parolu {v}",
    "server paroli {v}",
    "iphasiwedi yeseva ngu-{v}",
    "ពាក្យសម្ងាត់ម៉ាស៊ីនមេគឺ {v}",
    "ဆာဗာ စကားဝှက်က {v} ပါ",
    "серверийн нууц үг {v}",
    "സെർവറിന്റെ പാസ്‌വേഡ് {v} ആണ്",
]


def _foreign_pw9(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    return _choose(FOREIGN_PW9, t, v=v), [v]


round9_custom("password_prose_more_langs", "secret", _foreign_pw9, len(FOREIGN_PW9))


# --- national ids of more countries, with their check digits (python-stdnum's validators: a
# candidate is redrawn until python-stdnum accepts it; its formatter where it has one)


def _stdnum_format(module: str, v: str) -> str:
    import importlib

    return importlib.import_module(f"stdnum.{module}").format(v)  # type: ignore[no-any-return]


def sk_rc(r: random.Random) -> str:
    y, m, d = _birth(r, 1954, 2004)
    mm = m + (50 if r.random() < 0.5 else 0)  # women's birth numbers add 50 to the month
    return _until_valid("sk.rc", lambda r: f"{y % 100:02d}{mm:02d}{d:02d}/{_d(r, 4)}", r)


def pt_cc(r: random.Random) -> str:
    up = string.ascii_uppercase
    return _until_valid("pt.cc", lambda r: f"{_d(r, 8)} {_d(r, 1)} {_rs(r, up, 2)}{_d(r, 1)}", r)


def mx_rfc(r: random.Random) -> str:
    y, m, d = _birth(r)
    up = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    draw = lambda r: f"{_rs(r, up, 4)}{y % 100:02d}{m:02d}{d:02d}{_rs(r, ALNUM_UP, 2)}{_rs(r, '0123456789A', 1)}"  # noqa: E731
    return _until_valid("mx.rfc", draw, r)


def co_nit(r: random.Random) -> str:
    v = _until_valid("co.nit", lambda r: f"{r.randrange(1, 10)}{_d(r, 8)}{_d(r, 1)}", r)
    return _stdnum_format("co.nit", v)


def cr_cpf(r: random.Random) -> str:
    return _until_valid("cr.cpf", lambda r: f"{r.randrange(1, 8)}-{_d(r, 4)}-{_d(r, 4)}", r)


def be_bis(r: random.Random) -> str:
    y, m, d = _birth(r, 1950, 1999)
    mm = m + r.choice([20, 40])  # a BIS number adds 20 or 40 to the birth month
    v = _until_valid("be.bis", lambda r: f"{y % 100:02d}{mm:02d}{d:02d}{_d(r, 3)}{_d(r, 2)}", r)
    return f"{v[:2]}.{v[2:4]}.{v[4:6]}-{v[6:9]}.{v[9:]}"


def in_vid(r: random.Random) -> str:
    v = _until_valid("in_.vid", lambda r: r.choice("23456789") + _d(r, 15), r)
    return " ".join(v[i : i + 4] for i in range(0, 16, 4))


def us_atin(r: random.Random) -> str:
    return _until_valid("us.atin", lambda r: f"9{_d(r, 2)}-93-{_d(r, 4)}", r)


def us_ptin(r: random.Random) -> str:
    return _until_valid("us.ptin", lambda r: f"P{r.choice(['0', '01', '00'])}{_d(r, 8)}"[:9], r)


def gb_upn(r: random.Random) -> str:
    la = r.choice(["201", "202", "203", "204", "205", "206", "207", "208", "330", "331", "332", "333", "801", "802"])
    return _until_valid("gb.upn", lambda r: f"{r.choice(string.ascii_uppercase)}{la}{_d(r, 9)}", r)


def nl_onderwijsnummer(r: random.Random) -> str:
    return _until_valid("nl.onderwijsnummer", lambda r: "10" + _d(r, 7), r)


def nl_document_number(r: random.Random) -> str:
    up = "ABCDEFGHIJKLMNPQRSTUVWXYZ"  # (never the letter O)
    return _until_valid(
        "nl.identiteitskaartnummer", lambda r: _rs(r, up, 2) + _rs(r, up + "0123456789", 6) + _d(r, 1), r
    )


def bg_pnf(r: random.Random) -> str:
    return _until_valid("bg.pnf", lambda r: _d(r, 10), r)


def gt_nit(r: random.Random) -> str:
    return _until_valid("gt.nit", lambda r: f"{r.randrange(100000, 9999999)}-{r.choice('0123456789K')}", r)


def ve_rif(r: random.Random) -> str:
    return _until_valid("ve.rif", lambda r: f"V-{r.randrange(4_000_000, 30_000_000):08d}-{_d(r, 1)}", r)


def sv_nit(r: random.Random) -> str:
    y, m, d = _birth(r)
    muni = r.choice(["0614", "0511", "0210", "1217", "0301"])
    return _until_valid("sv.nit", lambda r: f"{muni}-{d:02d}{m:02d}{y % 100:02d}-{_d(r, 3)}-{_d(r, 1)}", r)


def ar_dni(r: random.Random) -> str:
    return _until_valid("ar.dni", lambda r: f"{r.randrange(10, 45)}.{_d(r, 3)}.{_d(r, 3)}", r)


def py_ruc(r: random.Random) -> str:
    return _until_valid("py.ruc", lambda r: f"{r.randrange(1_000_000, 6_000_000)}-{_d(r, 1)}", r)


NEW_IDS9: list[tuple[str, Callable[[random.Random], str], str, list[str]]] = [
    ("sk_rodne_cislo", sk_rc, "rodné číslo", ["Rodné číslo: {v}", "moje rodné číslo je {v}", '"rodne_cislo": "{v}"']),
    (
        "pt_cartao_cidadao",
        pt_cc,
        "Cartão de Cidadão",
        ["N.º do CC: {v}", "o meu cartão de cidadão é {v}", '"cc_numero": "{v}"'],
    ),
    ("mx_rfc", mx_rfc, "RFC", ["RFC: {v}", "mi RFC es {v} para la factura", '"rfc": "{v}"']),
    ("co_nit", co_nit, "NIT", ["NIT: {v}", "el NIT de la persona natural es {v}", '"nit": "{v}"']),
    ("cr_cedula", cr_cpf, "cédula", ["Cédula física: {v}", "mi número de cédula es {v}", '"cedula_cr": "{v}"']),
    ("be_bis", be_bis, "BIS-nummer", ["BIS-nummer: {v}", "mijn bisnummer is {v}", '"bis_number": "{v}"']),
    ("in_aadhaar_vid", in_vid, "VID", ["Aadhaar VID: {v}", "use my virtual id {v} for eKYC", '"aadhaar_vid": "{v}"']),
    ("us_atin", us_atin, "ATIN", ["ATIN: {v}", "the child's ATIN is {v}", '"atin": "{v}"']),
    ("us_ptin", us_ptin, "PTIN", ["Preparer PTIN: {v}", "my PTIN is {v}", '"ptin": "{v}"']),
    ("gb_upn", gb_upn, "UPN", ["UPN: {v}", "pupil's UPN is {v}", '"upn": "{v}"']),
    (
        "nl_onderwijsnummer",
        nl_onderwijsnummer,
        "onderwijsnummer",
        ["Onderwijsnummer: {v}", "het onderwijsnummer van de leerling is {v}", '"onderwijsnummer": "{v}"'],
    ),
    (
        "nl_document_number",
        nl_document_number,
        "documentnummer",
        ["Documentnummer paspoort: {v}", "nummer van mijn ID-kaart: {v}", '"document_number": "{v}"'],
    ),
    ("bg_pnf", bg_pnf, "ЛНЧ", ["ЛНЧ: {v}", "личният ми номер на чужденец е {v}", '"lnch": "{v}"']),
    ("gt_nit", gt_nit, "NIT", ["NIT (Guatemala): {v}", "mi NIT es {v}, para la factura", '"nit_gt": "{v}"']),
    ("ve_rif", ve_rif, "RIF", ["RIF: {v}", "mi RIF personal es {v}", '"rif": "{v}"']),
    ("sv_nit", sv_nit, "NIT", ["NIT: {v}", "mi NIT salvadoreño es {v}", '"nit_sv": "{v}"']),
    ("ar_dni", ar_dni, "DNI", ["DNI: {v}", "mi DNI es {v}, che", '"dni_ar": "{v}"']),
    ("py_ruc", py_ruc, "RUC", ["RUC: {v}", "mi RUC es {v} para la factura", '"ruc_py": "{v}"']),
]


def _pii9(name: str, gen: Callable[[random.Random], str], fname: str, own: list[str], key: str) -> None:
    """A new personal-data category: its own templates and two of the shared families."""
    GENS[name] = gen
    FIELD9[name] = fname
    KEY9[name] = key
    shared = [PII_FAMILIES9[j] for j in _picks9(name, len(PII_FAMILIES9), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = gen(rng)
        text = _choose(
            templates, t, v=v, vq=urllib.parse.quote(v, safe=""), f=fname, k=key, K=_pascal(key), c=_camel(key)
        )
        return text, [v]

    round9_custom(name, "pii", make, len(templates))


for _name9, _gen9, _field9, _own9 in NEW_IDS9:
    _pii9(_name9, _gen9, _field9, _own9, _own9[2].split('"')[1])  # the key of its JSON family


# --- health numbers (their documented check digits), medical record numbers, passport MRZ lines


NHI_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # (A to Z without I and O count 1 to 24)


def nhi_check(head: str) -> str | None:
    """The check digit of a New Zealand NHI number of the AAANNNC form: weights 7 to 2, 11 minus the
    sum modulo 11, a check of 10 written 0; a remainder of 0 is never issued (None)."""
    vals = [NHI_LETTERS.index(c) + 1 for c in head[:3]] + [int(c) for c in head[3:]]
    rem = sum(v * w for v, w in zip(vals, range(7, 1, -1), strict=True)) % 11
    return str((11 - rem) % 10) if rem else None


def nz_nhi(r: random.Random) -> str:
    while True:
        head = _rs(r, NHI_LETTERS, 3) + _d(r, 3)
        if (check := nhi_check(head)) is not None:
            return head + check


def uk_chi(r: random.Random) -> str:
    """A Scottish CHI number: the birth date (DDMMYY), three digits, a modulus-11 check (as the NHS number)."""
    while True:
        y, m, d = _birth(r)
        body = f"{d:02d}{m:02d}{y % 100:02d}{_d(r, 3)}"
        check = 11 - sum(int(c) * w for c, w in zip(body, range(10, 1, -1), strict=True)) % 11
        if check != 10:
            return body + str(check % 11)


def health_number_more(r: random.Random) -> str:
    form = r.randrange(4)
    if form == 0:
        v = _until_valid("ca.bc_phn", lambda r: "9" + _d(r, 9), r)
        return f"{v[:4]} {v[4:7]} {v[7:]}"
    if form == 1:
        return nz_nhi(r)
    if form == 2:
        v = uk_chi(r)
        return f"{v[:6]} {v[6:]}"
    v = luhn_complete(str(r.randrange(1, 10)), 10, r)  # Ontario health card: ten digits (Luhn), a version code
    return f"{v[:4]}-{v[4:7]}-{v[7:]}-{_rs(r, string.ascii_uppercase, 2)}"


_pii9(
    "health_number_more",
    health_number_more,
    "health card number",
    ["Health card no.: {v}", "PHN {v} — please update the referral", '"health_number": "{v}"', "PID|1||{v}^^^NHI"],
    "health_number",
)


def medical_record_number(r: random.Random) -> str:
    return r.choice([_d(r, 8), f"{r.randrange(1, 10)}{_d(r, 6)}", f"MR{_d(r, 7)}", f"{_d(r, 3)}-{_d(r, 2)}-{_d(r, 2)}"])


_pii9(
    "medical_record_number",
    medical_record_number,
    "MRN",
    [
        "MRN: {v}",
        "PID|1||{v}^^^ACMEHOSP^MR||DOE^J",
        '{{"identifier": [{{"type": {{"coding": [{{"code": "MR"}}]}}, "system": "urn:oid:2.16.840.1.113883.19.5", '
        '"value": "{v}"}}]}}',
        "patient MRN {v}, please pull the chart before rounds",
        "Chart #: {v}",
    ],
    "mrn",
)


def _mrz_check(s: str) -> str:
    # ICAO 9303: weights 7, 3, 1; digits count as themselves, A-Z as 10-35, the filler < as 0
    def val(c: str) -> int:
        return int(c) if c.isdigit() else 0 if c == "<" else ord(c) - 55

    return str(sum(val(c) * (7, 3, 1)[i % 3] for i, c in enumerate(s)) % 10)


MRZ_NAMES = [
    ("ERIKSSON", "ANNA MARIA", "SWE"),
    ("OKAFOR", "CHIDINMA", "NGA"),
    ("MUELLER", "JONAS", "DEU"),
    ("DUPONT", "CAMILLE ROSE", "FRA"),
    ("SATO", "HARUTO", "JPN"),
    ("FERREIRA DA SILVA", "JOAO", "BRA"),
    ("NGUYEN", "THI MAI", "VNM"),
    ("KOWALCZYK", "ZOFIA", "POL"),
    ("VAN DER BERG", "PIETER", "NLD"),
    ("HAMADI", "YOUSSEF", "MAR"),
]


def _passport_mrz(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sur, given, nat = rng.choice(MRZ_NAMES)
    names = sur.replace(" ", "<") + "<<" + given.replace(" ", "<")
    line1 = ("P<" + nat + names).ljust(44, "<")
    num = _rs(rng, ALNUM_UP, 2) + _d(rng, 7)
    y, m, d = _birth(rng)
    dob = f"{y % 100:02d}{m:02d}{d:02d}"
    exp = f"{rng.randrange(26, 35)}{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}"
    personal = "<" * 14
    part = num + _mrz_check(num) + nat + dob + _mrz_check(dob) + rng.choice("MF") + exp + _mrz_check(exp)
    line2 = part + personal + _mrz_check(personal)
    line2 += _mrz_check(
        num + _mrz_check(num) + dob + _mrz_check(dob) + exp + _mrz_check(exp) + personal + _mrz_check(personal)
    )
    mrz = f"{line1}\n{line2}"
    text = _choose(
        [
            "OCR result from the passport scan:\n{m}",
            '{{"document_type": "P", "mrz": {j}}}',
            "```\n{m}\n```\nwhy does the parser reject the second line?",
        ],
        t,
        m=mrz,
        j=json.dumps(mrz),
    )
    return text, [names, part]


round9_custom("passport_mrz", "pii", _passport_mrz, 3)


# --- phones with extensions, with international call prefixes, of countries no round has


def _valid_number(
    rng: random.Random, region: str, kind: int = phonenumbers.PhoneNumberType.MOBILE
) -> phonenumbers.PhoneNumber:
    ex = phonenumbers.example_number_for_type(region, kind)
    nsn = str(ex.national_number)
    keep = max(1, len(nsn) - 6)
    for _ in range(500):
        num = phonenumbers.parse(f"+{ex.country_code}{nsn[:keep]}{_d(rng, len(nsn) - keep)}")
        if phonenumbers.is_valid_number(num) and str(num.national_number) != nsn:
            return num
    raise RuntimeError(region)


def _phone_ext(rng: random.Random, t: int) -> tuple[str, list[str]]:
    region = rng.choice(["US", "CA", "GB", "DE", "AU", "IN", "FR", "NL"])
    num = _valid_number(rng, region, phonenumbers.PhoneNumberType.FIXED_LINE)
    nat = phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.NATIONAL)
    intl = phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    ext = str(rng.randrange(10, 9999))
    forms = [
        (f"Phone: {nat} ext. {ext}", nat),
        (f"call the front desk on {intl} x{ext}", intl),
        (f'<a href="tel:{intl.replace(" ", "-")};ext={ext}">call us</a>', intl.replace(" ", "-")),
        (f"Tel. {intl} (Durchwahl -{ext})", intl),
        (f'"phone": "{nat}", "extension": "{ext}"', nat),
    ]
    text, needle = forms[t]
    return text, [needle]


round9_custom("phone_extension", "pii", _phone_ext, 5)


def phone_intl_prefix(rng: random.Random) -> str:
    """A number as dialled from another country: 00 / 011 / 0011 / 010 and the country code."""
    region = rng.choice(["GB", "DE", "FR", "IN", "BR", "ES", "IT", "NL", "JP", "AU", "MX", "PL", "SE", "TR", "US"])
    num = _valid_number(rng, region)
    src = rng.choice([r for r in ["US", "DE", "JP", "AU", "GB", "FR", "BR", "KR", "CH"] if r != region])
    return phonenumbers.format_out_of_country_calling_number(num, src)


_pii9(
    "phone_intl_prefix",
    phone_intl_prefix,
    "phone",
    ["from abroad dial {v}", "Tel. (aus dem Ausland): {v}", '"dial_string": "{v}"', "ring me on {v} when you land"],
    "dial_string",
)

PHONE_REGIONS9 = ["CN", "RU", "BY", "MD", "AL", "MK", "ME", "BA", "CY", "MT", "BH", "YE", "AF", "BT", "MV", "MM"]
PHONE_REGIONS9 += ["LA", "BN", "MO", "KG", "TJ", "FJ", "PG", "TT", "BB", "BS", "HN", "NI", "SV", "ML"]
PHONE_REGIONS9 += ["BF", "AO", "NA", "BW", "MG", "MU"]


def phone9(rng: random.Random) -> str:
    num = _valid_number(rng, rng.choice(PHONE_REGIONS9))
    fmt = rng.choice([phonenumbers.PhoneNumberFormat.NATIONAL, phonenumbers.PhoneNumberFormat.INTERNATIONAL])
    return phonenumbers.format_number(num, fmt)


_pii9(
    "phone_more_regions",
    phone9,
    "phone",
    ["моб.: {v}", "手机：{v}", "WhatsApp: {v}", '"mobile": "{v}"', "my cell is {v}, text first"],
    "mobile",
)


# --- addresses in CJK and right-to-left scripts, PO boxes, unit and floor notations

_FA = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_AR = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def address_cjk(rng: random.Random) -> str:
    n, f = rng.randrange(1, 300), rng.randrange(2, 30)
    return rng.choice(
        [
            f"〒{_d(rng, 3)}-{_d(rng, 4)} 東京都"
            f"{rng.choice(['渋谷区神南', '新宿区西新宿', '世田谷区三軒茶屋', '港区六本木'])}"
            f"{rng.randrange(1, 6)}丁目{rng.randrange(1, 30)}-{rng.randrange(1, 20)}"
            f" メゾン青葉{f}{rng.randrange(1, 9):02d}号室",
            f"大阪府大阪市北区梅田{rng.randrange(1, 4)}丁目{rng.randrange(1, 20)}-{rng.randrange(1, 20)}",
            f"서울특별시 강남구 테헤란로 {n}, {f}층",
            f"부산광역시 해운대구 센텀중앙로 {n}, {rng.randrange(101, 120)}동 {f}{rng.randrange(1, 9):02d}호",
            f"上海市浦东新区世纪大道{n}号{f}{rng.randrange(1, 20):02d}室",
            f"北京市朝阳区建国路{n}号院{rng.randrange(1, 12)}号楼{f}{rng.randrange(1, 9):02d}",
            f"臺北市信義區信義路五段{n}號{f}樓",
            f"香港九龍旺角彌敦道{n}號{f}樓{rng.choice('ABCDEF')}室",
        ]
    )


_pii9(
    "address_cjk",
    address_cjk,
    "住所",
    ["住所：{v}", "배송지: {v}", "收货地址：{v}", '"address": "{v}"', "寄送地址 {v} 麻煩確認"],
    "address",
)


def address_rtl(rng: random.Random) -> str:
    n, m, k = rng.randrange(1, 200), rng.randrange(1, 60), rng.randrange(1, 30)
    return rng.choice(
        [
            f"شارع الملك فهد، حي العليا، الرياض {rng.randrange(11000, 14999)}",
            f"{str(rng.randrange(1000, 9999)).translate(_AR)} الأمير محمد بن عبدالعزيز، حي السفارات، الرياض"
            f" {str(rng.randrange(12000, 12999)).translate(_AR)}",
            f"{str(n).translate(_AR)} شارع التحرير، الدقي، الجيزة",
            f"فيلا {n}، شارع الوصل، جميرا، دبي",
            f"تهران، خیابان ولیعصر، کوچه {str(m).translate(_FA)}، "
            f"پلاک {str(n).translate(_FA)}، واحد {str(k).translate(_FA)}",
            f"רחוב הרצל {n}, דירה {k}, תל אביב-יפו",
            f"مکان نمبر {n}، گلی {m}، ماڈل ٹاؤن، لاہور",
            f"RRRD{_d(rng, 4)}، الرياض",  # a Saudi national short address
        ]
    )


_pii9(
    "address_rtl_script",
    address_rtl,
    "العنوان",
    ["العنوان: {v}", "آدرس: {v}", "כתובת: {v}", '"shipping_address": "{v}"', "please ship to {v}"],
    "shipping_address",
)


def address_po_box(rng: random.Random) -> str:
    n = rng.randrange(100, 99999)
    return rng.choice(
        [
            f"PO Box {n}, Wellington 6140, New Zealand",
            f"Postfach {rng.randrange(10, 99)} {rng.randrange(10, 99)} {rng.randrange(10, 99)}, 50444 Köln",
            f"BP {n}, 75365 Paris Cedex 08",
            f"Apartado de Correos {n}, 28080 Madrid",
            f"Caixa Postal {n}, 01031-970 São Paulo - SP",
            f"P.O. Box {n}, Dubai, United Arab Emirates",
            f"GPO Box {n}, Sydney NSW 2001",
            f"Private Bag X{rng.randrange(1, 999)}, Pretoria 0001",
            f"Casella Postale {n}, 00100 Roma",
            f"Postbus {n}, 1000 AB Amsterdam",
            f"P.O. Box {n}-00100, Nairobi",
            f"Box {n}, 103 13 Stockholm",
        ]
    )


_pii9(
    "address_po_box",
    address_po_box,
    "mailing address",
    ["Mailing address: {v}", "send the contract to {v}", '"postal_address": "{v}"', "Postanschrift: {v}"],
    "postal_address",
)


def address_unit(rng: random.Random) -> str:
    n, u, f = rng.randrange(1, 400), rng.randrange(1, 60), rng.randrange(2, 40)
    return rng.choice(
        [
            f"Apt {f}{rng.choice('ABCD')}, {n} E 57th St, New York, NY 100{rng.randrange(10, 40)}",
            f"Flat {u}, {n} Leith Walk, Edinburgh EH6 {rng.randrange(1, 9)}{_rs(rng, 'ABDEFGHJLNPQRSTUWXYZ', 2)}",
            f"Blk {n} Ang Mo Kio Ave 3, #{f:02d}-{rng.randrange(1, 999):03d}, Singapore 56{_d(rng, 4)}",
            f"Rm {rng.randrange(1, 30):02d}, {f}/F, Block B, {n} Nathan Road, Mong Kok, Kowloon",
            f"Landstraßer Hauptstraße {n}/Stiege 2/Top {u}, 1030 Wien",
            f"{n} rue Oberkampf, Bât. B, {rng.randrange(1, 7)}e étage, 75011 Paris",
            f"Unit {u}/{n} Smith Street, Collingwood VIC 3066",
            f"Suite {f}00, {n} Bay Street, Toronto, ON M5J 2R8",
            f"Storgatan {n}, lgh {rng.randrange(1001, 1999)}, 114 44 Stockholm",
            f"Calle de Serrano {n}, {rng.randrange(1, 9)}º izda., 28001 Madrid",
        ]
    )


_pii9(
    "address_unit_floor",
    address_unit,
    "address",
    ["Deliver to: {v}", "my new address is {v}", '"residential_address": "{v}"', "Adresse: {v}"],
    "residential_address",
)


# --- dates of birth in other calendars and numerals, and in EDI / iCalendar / ICAO / LDAP layouts

_CN_DIGITS = "〇一二三四五六七八九"
_CN_MONTH = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"]
_CN_DAY = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]


def _cn_day(d: int) -> str:
    if d <= 10:
        return _CN_DAY[d]
    tens, ones = divmod(d, 10)
    return ("" if tens == 1 else _CN_DAY[tens]) + "十" + _CN_DAY[ones]


def _dob_calendar(rng: random.Random, t: int) -> tuple[str, list[str]]:
    y, m, d = _birth(rng)
    sh = y - 621 - (1 if m < 3 or (m == 3 and d < 21) else 0)  # the Solar Hijri year of that date
    forms = [
        ("تاریخ تولد", f"{sh}/{rng.randrange(1, 13):02d}/{rng.randrange(1, 30):02d}".translate(_FA)),
        ("出生日期", f"民國{y - 1911}年{m}月{d}日"),
        ("تاريخ الميلاد", f"{d:02d}/{m:02d}/{y}".translate(_AR)),
        ("出生日期", "".join(_CN_DIGITS[int(c)] for c in str(y)) + f"年{_CN_MONTH[m - 1]}月{_cn_day(d)}日"),
        ("생년월일", f"{y}년 {m}월 {d}일"),
        ("تاريخ الميلاد", f"{d} {rng.choice(['محرم', 'صفر', 'رجب', 'شعبان', 'رمضان', 'شوال'])} {y - 579} هـ"),
        ("जन्म मिति", f"{y + 57}-{m:02d}-{d:02d}".translate(str.maketrans("0123456789", "०१२३४५६७८९"))),
        ("জন্ম তারিখ", f"{d:02d}/{m:02d}/{y}".translate(str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯"))),
    ]
    label, v = rng.choice(forms)
    text = _choose(
        ["{lab}: {v}", '{{"birth_date": "{v}"}}', "{lab} {v} (from the scanned ID)", "| {lab} | {v} |"],
        t,
        lab=label,
        v=v,
    )
    return text, [v]


round9_custom("date_of_birth_calendars", "pii", _dob_calendar, 4)


def _dob_record(rng: random.Random, t: int) -> tuple[str, list[str]]:
    y, m, d = _birth(rng)
    mon = calendar.month_abbr[m].upper()
    fr = ["JANV", "FÉVR", "MARS", "AVR", "MAI", "JUIN", "JUIL", "AOÛT", "SEPT", "OCT", "NOV", "DÉC"][m - 1]
    forms = [
        ("DMG*D8*{v}*F~", f"{y}{m:02d}{d:02d}"),  # X12 EDI demographic segment
        ("BEGIN:VEVENT\nDTSTART;VALUE=DATE:{v}\nRRULE:FREQ=YEARLY\nSUMMARY:Birthday\nEND:VEVENT", f"{y}{m:02d}{d:02d}"),
        ("Date of birth / Date de naissance\n{v}", f"{d:02d} {mon}/{fr} {y % 100:02d}"),  # ICAO visual zone
        ("dateOfBirth: {v}", f"{y}{m:02d}{d:02d}000000Z"),  # LDAP GeneralizedTime
        ("age {a} (DOB {v})", f"{m:02d}/{d:02d}/{y}"),
        ("Geburtsdatum (TT.MM.JJJJ): {v}", f"{d:02d}.{m:02d}.{y}"),
    ]
    tpl, v = forms[t]
    return tpl.format(v=v, a=2024 - y), [v]


round9_custom("date_of_birth_records", "pii", _dob_record, 6)


# --- names family-name first, with honorifics, in package and document metadata

HONORIFIC_NAMES9 = [
    ("Sehr geehrte Frau Dr. {n},", ["Brückner", "Oberländer", "Weißenborn", "Hannelore Kästner"]),
    ("Bonjour Mme {n}, votre dossier est en cours.", ["Girard-Lemoine", "Sylvie Faure", "Nathalie Roux"]),
    ("Estimado Sr. D. {n}:", ["José Luis Martínez Ortega", "Francisco Javier Ruiz Peña"]),
    ("{n}-san, could you review the migration?", ["Tanaka", "Watanabe", "Sato Haruto"]),
    ("Pak {n} sudah approve PR-nya", ["Budi Santoso", "Agus Wibowo", "Hendra Gunawan"]),
    ("Shri {n} has signed the form", ["Ramesh Venkataraman", "Suresh Kulkarni"]),
    ("Nom, prénom : {n}", ["DUPONT Jean-Pierre", "LEFÈVRE Camille", "NGUYEN Thi Mai", "YAMADA Taro", "ZHANG Wei"]),
    ("Уважаемый {n}!", ["Сергей Петрович", "Андрей Викторович", "Игорь Николаевич"]),
    ("Dear Prof. {n},", ["Adaeze Okonkwo-Eze", "Okonkwo", "Margarethe Lindqvist"]),
    ("{n} 님, 확인 부탁드립니다", ["박지훈", "최유진", "정하은"]),
    ("{n}先生您好，附件是合同", ["王建国", "陈志强", "刘德明"]),
    ("الأستاذ {n} وافق على الطلب", ["خالد الشمري", "فاطمة بنعلي"]),
]


def _honorific(rng: random.Random, t: int) -> tuple[str, list[str]]:
    tpl, names = HONORIFIC_NAMES9[t]
    n = rng.choice(names)
    return tpl.format(n=n), [n]


round9_custom("person_name_honorific", "pii", _honorific, len(HONORIFIC_NAMES9))


def _name_meta(rng: random.Random, t: int) -> tuple[str, list[str]]:
    n, n2, n3 = person_name(rng), person_name(rng), person_name(rng)
    first, last = n.split(" ", 1)
    slug = f"{_ascii_slug(first)}.{_ascii_slug(last)}"
    mail = f"{slug}@{rng.choice(COMPANY)}.{rng.choice(DOMAINS)}"
    old = f"{_ascii_slug(first)}{rng.randrange(10, 99)}@{rng.choice(['gmail.com', 'outlook.com', 'web.de'])}"
    forms = [
        (f"/**\n * Parses the ledger export.\n *\n * @author {n}\n * @since 2.4\n */", [n]),
        (f"# Maintainer: {n} <{mail}>\npkgname=acme-cli\npkgver=1.4.0", [n, mail]),
        (f'"author": "{n} <{mail}> (https://acme.dev)",', [n, mail]),
        (f"{n} <{mail}> <{old}>", [n, mail, old]),  # .mailmap
        (
            f"acme (1.4.0-1) unstable; urgency=medium\n\n  * New upstream release.\n\n"
            f" -- {n} <{mail}>  Tue, 12 Mar 2024 10:01:22 +0100",
            [n, mail],
        ),
        (f"%changelog\n* Tue Mar 12 2024 {n} <{mail}> - 1.4.0-1\n- rebuilt for Python 3.12", [n, mail]),
        (f"Attendees: {n}, {n2}, {n3}\nAction items: migrate the queue", [n, n2, n3]),
        (f"Reported-by: {n} <{mail}>", [n, mail]),
        (f"<dc:creator>{n}</dc:creator>\n<cp:lastModifiedBy>{n2}</cp:lastModifiedBy>", [n, n2]),
        (f"<@U04AB12CD|{n}> can you take a look at the flaky test?", [n]),
    ]
    text, needles = forms[t]
    return text, needles


round9_custom("person_name_metadata", "pii", _name_meta, 10)


# --- e-mails in encodings, IPs in wrappings


def _email_encoded(rng: random.Random, t: int) -> tuple[str, list[str]]:
    local, dom = username(rng), f"{rng.choice(COMPANY)}.{rng.choice(['com', 'de', 'io', 'nl', 'fr'])}"
    addr = f"{local}@{dom}"
    key = rng.randrange(1, 256)
    forms = [
        ('{"contact": "' + local + "\\u0040" + dom + '"}', [local + "\\u0040" + dom]),
        (
            "Content-Transfer-Encoding: quoted-printable\n\nplease reply to " + local + "=40" + dom,
            [local + "=40" + dom],
        ),
        (
            '<a href="mailto:' + "".join(f"&#{ord(c)};" for c in addr) + '">mail</a>',
            ["".join(f"&#{ord(c)};" for c in addr)],
        ),
        (f"var m = '{local}' + '@' + '{dom}';", [local, dom]),
        (
            '<a href="/cdn-cgi/l/email-protection" data-cfemail="'
            + f"{key:02x}"
            + "".join(f"{ord(c) ^ key:02x}" for c in addr)
            + '">[email&#160;protected]</a>',
            [f"{key:02x}" + "".join(f"{ord(c) ^ key:02x}" for c in addr)],
        ),
        (f"X-Goog-Authenticated-User-Email: accounts.google.com:{addr}", [addr]),
        (f'<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">{addr}</saml:NameID>', [addr]),
    ]
    return forms[t]


round9_custom("email_encoded", "pii", _email_encoded, 7)


def _ip_wrapped(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v4, v6 = public_ipv4(rng), public_ipv6(rng)
    forms = [
        (f"upstream api {{\n    server [{v6}]:8443;\n}}", v6),
        (f"curl -g 'http://[{v6}]/healthz'", v6),
        (f'Forwarded: for="[{v6}]:51234";proto=https', v6),
        (f"Forwarded: for={v4};proto=https;by=10.0.0.1", v4),
        (f"allow {v4}/32;\ndeny all;", v4),
        (
            f"aws ec2 authorize-security-group-ingress --group-id sg-0a1b2c3d --protocol tcp --port 22 --cidr {v4}/32",
            v4,
        ),
        (f"10:01:22.114211 IP {v4}.51234 > 10.0.3.7.443: Flags [S], seq 1822", v4),
        (f"ip6tables -A INPUT -s {v6}/128 -j DROP", v6),
    ]
    text, needle = forms[t]
    return text, [needle]


round9_custom("ip_wrapped", "pii", _ip_wrapped, 8)


# --- a few more secret kinds: notebook-server tokens, Ansible vault passwords, Confluent Cloud key
# pairs, OCI auth tokens


def _jupyter_token(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = _rs(rng, HEX, 48)
    port = rng.choice([8888, 8889, 8890])
    return _choose(
        [
            "    To access the server, open this file in a browser:\n        file:///root/.local/share/jupyter/runtime/"
            "jpserver-1-open.html\n    Or copy and paste one of these URLs:\n        http://127.0.0.1:{p}/lab?token={v}",
            "$ jupyter server list\nCurrently running servers:\nhttp://localhost:{p}/?token={v} :: /workspace",
            "c.ServerApp.token = '{v}'",
            "JUPYTER_TOKEN={v} docker compose up notebook",
        ],
        t,
        v=v,
        p=str(port),
    ), [v]


round9_custom("jupyter_server_token", "secret", _jupyter_token, 4)


def _vault_password(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    return _choose(
        [
            "$ cat ~/.ansible/vault_pass.txt\n{v}",
            "echo '{v}' > .vault_pass && ansible-playbook site.yml --vault-password-file .vault_pass",
            "ANSIBLE_VAULT_PASSWORD={v}",
            "- name: Deploy\n  env:\n    ANSIBLE_VAULT_PASS: {v}\n  run: ansible-playbook -i prod site.yml",
        ],
        t,
        v=v,
    ), [v]


round9_custom("ansible_vault_password", "secret", _vault_password, 4)


def _confluent_pair(rng: random.Random, t: int) -> tuple[str, list[str]]:
    key, sec = _rs(rng, ALNUM_UP, 16), _rs(rng, B62 + "+/", 64)
    text = _choose(
        [
            "bootstrap.servers=pkc-4nmjv.francecentral.azure.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\n"
            "sasl.mechanisms=PLAIN\nsasl.username={a}\nsasl.password={b}",
            'resource "confluent_api_key" "app" {{}}\n# created: key {a}, secret {b}',
            "CONFLUENT_CLOUD_API_KEY={a}\nCONFLUENT_CLOUD_API_SECRET={b}",
            '{{"bootstrap.servers": "pkc-4nmjv.francecentral.azure.confluent.cloud:9092", '
            '"sasl.username": "{a}", "sasl.password": "{b}"}}',
        ],
        t,
        a=key,
        b=sec,
    )
    return text, [key, sec]


round9_custom("confluent_cloud_pair", "secret", _confluent_pair, 4)


def _oci_auth_token(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = _rs(rng, B62 + "#;:.()<>[]{}_-+", 20)  # (Oracle's generated auth tokens mix in punctuation)
    return _choose(
        [
            "docker login fra.ocir.io -u 'acmetenancy/ci-bot' -p '{v}'",
            "OCI_AUTH_TOKEN='{v}'",
            "registry:\n  server: fra.ocir.io\n  username: acmetenancy/ci-bot\n  password: '{v}'",
        ],
        t,
        v=v,
    ), [v]


round9_custom("oci_auth_token", "secret", _oci_auth_token, 3)


# --- identity-card document numbers


def de_id_card(r: random.Random) -> str:
    """A German identity card (Personalausweis) number: nine characters of a reduced alphabet and the
    ICAO 9303 check digit."""
    body = r.choice("CFGHJKLMNPRTVWXYZ") + _rs(r, "0123456789CFGHJKLMNPRTVWXYZ", 8)
    return body + _mrz_check(body)


def id_card_number(r: random.Random) -> str:
    up = string.ascii_uppercase
    form = r.randrange(4)
    if form == 0:
        return de_id_card(r)
    if form == 1:
        return f"CA{_d(r, 5)}{_rs(r, up, 2)}"  # Italian electronic identity card (CIE)
    if form == 2:
        return f"{r.choice(['RX', 'RT', 'XB', 'KS', 'MZ'])} {_d(r, 6)}"  # Romanian identity card series
    return f"{_rs(r, up, 3)}{_d(r, 6)}"  # Spanish DNI support number


_pii9(
    "id_card_number",
    id_card_number,
    "ID card number",
    ["Ausweisnummer: {v}", "numero carta d'identità: {v}", '"id_card_no": "{v}"', "Serie și număr CI: {v}"],
    "id_card_no",
)


# --- cluster join tokens, service URIs with a secret, security-scanner and social-app secrets


def _join_token(rng: random.Random, t: int) -> tuple[str, list[str]]:
    boot = f"{_rs(rng, LOWER_ALNUM, 6)}.{_rs(rng, LOWER_ALNUM, 16)}"  # kubeadm bootstrap token
    k3s = f"K10{_rs(rng, HEX, 64)}::server:{_rs(rng, HEX, 32)}"
    swarm = f"SWMTKN-1-{_rs(rng, LOWER_ALNUM, 50)}-{_rs(rng, LOWER_ALNUM, 25)}"
    gossip = _b64key(rng, 32)
    forms = [
        (
            f"kubeadm join 10.0.0.10:6443 --token {boot} \\\n"
            f"    --discovery-token-ca-cert-hash sha256:{_rs(rng, HEX, 64)}",
            boot,
        ),
        (f"curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.10:6443 K3S_TOKEN={k3s} sh -", k3s),
        (f"$ cat /var/lib/rancher/k3s/server/node-token\n{k3s}", k3s),
        (f"docker swarm join --token {swarm} 10.0.0.10:2377", swarm),
        (f'encrypt = "{gossip}"\nretry_join = ["10.0.0.10"]', gossip),
    ]
    text, v = forms[t]
    return text, [v]


round9_custom("cluster_join_token", "secret", _join_token, 5)


def _service_uri(rng: random.Random, t: int) -> tuple[str, list[str]]:
    key, sec = str(rng.randrange(10**14, 10**15)), _rs(rng, B64URL, 27)
    psec = _rs(rng, HEX, 20)
    bpw = _rs(rng, LOWER_ALNUM, 10)
    forms = [
        (f"CLOUDINARY_URL=cloudinary://{key}:{sec}@acme-media", sec),
        (f"cloudinary.config(cloudinary_url='cloudinary://{key}:{sec}@acme-media')", sec),
        (f"PUSHER_URL=http://{_rs(rng, HEX, 20)}:{psec}@api-eu.pusher.com/apps/{rng.randrange(10**6, 10**7)}", psec),
        (
            f"BONSAI_URL=https://{_rs(rng, LOWER_ALNUM, 10)}:{bpw}@acme-search-{_d(rng, 4)}.eu-west-1.bonsaisearch.net",
            bpw,
        ),
    ]
    text, v = forms[t]
    return text, [v]


round9_custom("service_uri_secret", "secret", _service_uri, 4)

for _name9, _formats9, _own9 in [
    (
        "security_scanner_token",
        [
            ("SNYK_TOKEN", _uuid4),
            ("SEMGREP_APP_TOKEN", lambda r: _rs(r, HEX, 64)),
            ("CODACY_PROJECT_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("GITGUARDIAN_API_KEY", lambda r: _rs(r, B62, 64)),
            ("SOCKET_SECURITY_API_KEY", lambda r: "sktsec_" + _rs(r, B62, 40)),
        ],
        [
            "{L}={v}",
            "- name: Scan\n  run: ./scan --all-projects\n  env:\n    {L}: {v}",
            "scanner auth {v}",
            'curl -H "Authorization: token {v}" https://api.scanner.acme.dev/v1/orgs  # {L}',
        ],
    ),
    (
        "social_app_secret",
        [
            ("FACEBOOK_APP_SECRET", lambda r: _rs(r, HEX, 32)),
            ("GOOGLE_ADS_DEVELOPER_TOKEN", lambda r: _rs(r, B64URL, 22)),
            ("LINKEDIN_CLIENT_SECRET", lambda r: _rs(r, B62, 16)),
            ("TWITTER_API_SECRET", lambda r: _rs(r, B62, 50)),
            ("TIKTOK_CLIENT_SECRET", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "social:\n  app_secret: {v}\n  app_id: '1234567890123456'",
            "SOCIAL_AUTH_SECRET = '{v}'  # {L}",
            "ads:\n  developer_token: {v}\n  login_customer_id: 1234567890",
        ],
    ),
]:
    round9_custom(_name9, "secret", *_multi9(_formats9, _own9, _name9))


# --- tax numbers of more countries, addresses of African and Latin American cities


def tax_id_more(r: random.Random) -> str:
    form = r.randrange(3)
    if form == 0:
        return _until_valid("za.tin", lambda r: r.choice("0123") + _d(r, 9), r)
    if form == 1:
        return _stdnum_format("id.npwp", _until_valid("id.npwp", lambda r: _d(r, 15), r))
    return _until_valid("gh.tin", lambda r: "P00" + _d(r, 8), r)


_pii9(
    "tax_id_more",
    tax_id_more,
    "tax number",
    ["Tax reference number: {v}", "NPWP saya {v}", '"tin": "{v}"', "my TIN is {v} for the invoice"],
    "tin",
)


def address_africa_latam(rng: random.Random) -> str:
    n, m = rng.randrange(1, 300), rng.randrange(1, 99)
    return rng.choice(
        [
            f"Plot {n}, Admiralty Way, Lekki Phase 1, Lagos",
            f"House {n}, Ngong Road, Kilimani, Nairobi",
            f"{n} Oxford Street, Osu, Accra",
            f"Plot {n} Kampala Road, Kampala",
            f"Bole Sub-City, Woreda {rng.randrange(1, 15):02d}, House No. {n}, Addis Ababa",
            f"Rue {m} x {rng.randrange(1, 40)}, Médina, Dakar",
            f"Calle {rng.randrange(10, 150)} # {m}-{rng.randrange(10, 99)}, apto {rng.randrange(101, 1204)}, Bogotá",
            f"Av. Larco {n * 5}, Miraflores, Lima 15074",
            f"Av. Providencia {n * 4}, depto {rng.randrange(101, 1504)}, Providencia, Santiago",
            f"Bulevar Artigas {n * 3}, apto {rng.randrange(101, 904)}, 11300 Montevideo",
            f"Av. República de El Salvador N{m}-{rng.randrange(10, 200)}, Quito",
        ]
    )


_pii9(
    "address_africa_latam",
    address_africa_latam,
    "address",
    ["Delivery address: {v}", "mi dirección es {v}", '"street_address": "{v}"', "drop it at {v} please"],
    "street_address",
)


# ---------------------------------------------------------------------------------------------
# round 10: written blind (without reading the engine or its tests), the holdout since round 9 joined
# dev. New families for every earlier category (shell histories of more shells, dotfiles and tool
# credential files, deployment CLIs, HAR / Insomnia / Hoppscotch exports, Terraform state, more
# languages' idioms, debugger and browser-console output, UI-test scripts, BDD steps, Avro / polars /
# pyarrow / Redis MONITOR dumps, chat in more languages) and categories the generator lacked (CI /
# error-tracker / log-shipping / code-host / ticketing / chat-bot / payment-gateway / e-mail-SMS / AI
# service / package-publishing tokens, database credentials of more engines, credentials in dotfiles
# and in base64 / split / doubly escaped forms; national and tax ids of more countries with their
# check digits, social-security and health numbers, driving licences, IBANs of more countries and
# domestic accounts, phones of more regions and in spoken / full-width forms, addresses in Cyrillic,
# Greek, South and South-East Asian scripts and by landmark, a home's coordinates, dates of birth in
# ID-document fields and in words, names in more scripts, calendar invites and assignee fields,
# e-mails in mailto / display-name / SMTP contexts, IPs in more wrappings).

ROUND10 = 10


def _extend10(name: str, make10: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-10 families (drawn by ``make10`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make10(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND10,) * n)


def round10_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND10,) * n))


def _picks10(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round10:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {C} Pascal case, {v} the value.
SECRET_FAMILIES10 = [
    "- cmd: set -gx {L} {v}\n  when: 1710237682\n- cmd: ./bin/sync --dry-run\n  when: 1710237690",  # fish_history
    "#1710237682\nexport {L}={v}\n#1710237690\n./deploy.sh staging",  # bash history with timestamps
    "sudo -E env {L}={v} ./scripts/rotate.sh --apply",
    '$env.{L} = "{v}"',  # Nushell
    '[env]\n{L} = "{v}"\n\n[tools]\nnode = "20"',  # mise.toml
    '{{\n  "name": "api",\n  "containerEnv": {{\n    "{L}": "{v}"\n  }}\n}}',  # devcontainer.json
    "cmdkey /generic:acme-{k} /user:ci /pass:{v}",
    "protocol=https\nhost=api.acme.dev\nusername=ci\npassword={v}\n",  # git credential approve
    '[HKEY_CURRENT_USER\\Environment]\n"{L}"="{v}"',  # .reg export
    "<key>EnvironmentVariables</key>\n<dict>\n  <key>{L}</key>\n  <string>{v}</string>\n</dict>",  # plist
    'kubectl run debug --rm -it --image=busybox --env="{L}={v}" -- sh',
    '"queryString": [\n  {{"name": "{l}", "value": "{v}"}}\n]',  # HAR entry
    '{{"_type": "environment", "name": "Production", "data": {{"{l}": "{v}"}}}}',  # Insomnia
    '{{"key": "{l}", "value": "{v}", "secret": true}}',  # Hoppscotch
    '{{\n  "type": "acme_api_key",\n  "instances": [{{"attributes": {{"id": "k-4411", "{l}": "{v}"}}}}]\n}}',
    "keyring.set_password('acme', 'ci', '{v}')",
    'System.setProperty("{l}", "{v}");',
    'os.Setenv("{L}", "{v}")',
    'std::env::set_var("{L}", "{v}");',
    'setenv("{L}", "{v}", 1);',
    "putenv('{L}={v}');",
    'set env({L}) "{v}"',  # Tcl
    'set(ENV{{{L}}} "{v}")',  # CMake
    'const {l} = "{v}";',  # Zig
    'let {c} = "{v}"',  # Nim / Swift-like
    'ENV["{L}"] ||= "{v}"',  # Crystal / Ruby
    'val {c} = sys.env.getOrElse("{L}", "{v}")',  # Scala
    '[<Literal>]\nlet {C} = "{v}"',  # F#
    '{{acme, [{{{l}, "{v}"}}]}}.',  # Erlang sys.config
    "       01 WS-{L} PIC X(64) VALUE '{v}'.",  # COBOL
    '{C} : constant String := "{v}";',  # Ada
    "private static final String {L} = '{v}';",  # Apex
    "CONSTANTS lc_{l} TYPE string VALUE '{v}'.",  # ABAP
    "const {C} = '{v}';",  # Pascal / JS
    '(defparameter *{k}* "{v}")',  # Common Lisp
    'const {L} := "{v}"',  # GDScript
    "v_{l} VARCHAR2(128) := '{v}';",  # PL/SQL
    '{l}: "{v}"',  # CUE
    '{{ {l} = "{v}" }}',  # Dhall
    "# /srv/pillar/api.sls\napi:\n  {l}: '{v}'",  # Salt pillar
    "supabase secrets set {L}={v}",
    "eas secret:create --scope project --name {L} --value {v} --type string",
    "dokku config:set api {L}={v}",
    "cf set-env api {L} {v}",
    "oc set env deployment/api {L}={v}",
    "infisical secrets set {L}={v} --env=prod",
    "az containerapp secret set -n api -g rg-prod --secrets {k}={v}",
    "DEBUG httpx: request headers: {{'x-api-key': '{v}', 'accept': '*/*'}}",
    'DEBUG urllib3.connectionpool: https://api.acme.dev:443 "GET /v1/me?{l}={v} HTTP/1.1" 200 512',
    "> localStorage.getItem('{l}')\n< '{v}'",
    '(gdb) p config->{l}\n$1 = 0x5555555592a0 "{v}"',
    "(Pdb) p settings.{L}\n'{v}'",
    'Scenario: sync with a valid key\n  Given the API key "{v}"\n  When I run the sync',
    "await page.getByLabel('API key').fill('{v}');",
    "echo {v} | acme login --with-token",
    "nøglen {v} virker ikke, får kun 401",
    "la clau {v} no funciona, sempre dona 401",
    "ang key na {v} ay hindi gumagana, laging 401",
    "ufunguo {v} haufanyi kazi, unarudisha 401",
    "kunci {v} tak berfungsi, asyik dapat 401",
    "az API-kulcs {v} nem működik, mindig 401-et kapok",
    "cheia {v} nu merge, primesc mereu 401",
    "ključ {v} ne radi, stalno vraća 401",
    "atslēga {v} nedarbojas, vienmēr 401",
    "το κλειδί {v} δεν δουλεύει, παίρνω 401",
    "klucz {v} przestał działać po rotacji, dostaję 401",
    "キー {v} をローテーションした後 401 になります",
]

# PII families: {f} the field in words, {k} a snake-case key, {K} its Pascal case, {c} its camel
# case, {v} the value, {vq} the value URL-encoded.
PII_FAMILIES10 = [
    '{{"data": {{"customer": {{"id": "4411", "{c}": "{v}"}}}}}}',  # GraphQL response
    '{{"id": 4411, "{k}": {{"string": "{v}"}}}}',  # Avro JSON encoding of a union
    "shape: (1, 2)\n┌──────┬────────────┐\n│ id   ┆ {k} │\n╞══════╪════════════╡\n"
    "│ 4411 ┆ {v} │\n└──────┴────────────┘",
    'pyarrow.Table\nid: int64\n{k}: string\n----\nid: [[4411]]\n{k}: [["{v}"]]',
    '{{"range": "Customers!A2:C2", "values": [["4411", "{v}", "active"]]}}',
    '{{"id": "recA1b2C3d4", "fields": {{"{f}": "{v}"}}}}',  # Airtable
    '{{"properties": {{"{k}": "{v}", "lifecyclestage": "customer"}}}}',  # HubSpot
    '"metadata": {{\n  "{k}": "{v}"\n}}',
    '1710237682.114211 [0 10.0.3.7:51234] "HSET" "customer:4411" "{k}" "{v}"',  # Redis MONITOR
    "MATCH (c:Customer {{ {c}: '{v}' }}) RETURN c.id",
    "<ns:UpdateCustomer>\n  <ns:id>4411</ns:id>\n  <ns:{c}>{v}</ns:{c}>\n</ns:UpdateCustomer>",
    '@pytest.mark.parametrize("{k}", ["{v}"])',
    'Given a customer whose {f} is "{v}"',
    "Input Text    id:{k}    {v}",  # Robot Framework
    "await page.getByLabel('{f}').fill('{v}');",
    "cy.get('[name={k}]').type('{v}')",
    'driver.find_element(By.NAME, "{k}").send_keys("{v}")',
    "> localStorage.getItem('{k}')\n< '{v}'",
    'fetch("https://acme.dev/api/profile", {{"body": "{{\\"{k}\\":\\"{v}\\"}}", "method": "PATCH"}});',
    "03-12 10:01:22.114  2211  2230 D ProfileRepo: {k}={v}",  # logcat
    '(lldb) po customer.{c}\n"{v}"',
    '(gdb) p customer->{k}\n$1 = "{v}"',
    "(Pdb) p customer.{k}\n'{v}'",
    'array:2 [\n  "id" => 4411\n  "{k}" => "{v}"\n]',  # Laravel dd()
    '%Customer{{id: 4411, {k}: "{v}"}}',
    'FILTER(Customers, Customers[{K}] = "{v}")',
    'Range("B2").Value = "{v}"  \' {f}',
    "id|{k}|status\n4411|{v}|active",
    'sms.sent to=*** body="your {f} {v} was verified" status=queued',
    "Dear customer, we have updated your {f} to {v}. If this was not you, reply STOP.",
    "kunden oplyste {f}: {v}, kan du tjekke det?",
    "el client va indicar {f}: {v}, ho pots comprovar?",
    "ibinigay ng customer ang {f}: {v}, pakicheck",
    "mteja alitoa {f}: {v}, unaweza kuangalia?",
    "pelanggan memberi {f}: {v}, boleh semak?",
    "az ügyfél megadta: {f} {v}, megnéznéd?",
    "clientul a dat {f}: {v}, poți verifica?",
    "klijent je naveo {f}: {v}, možeš provjeriti?",
    "ο πελάτης έδωσε {f}: {v}, μπορείς να το ελέγξεις;",
    "клієнт вказав {f}: {v}, перевір, будь ласка",
]

KEY10: dict[str, str] = {}  # the keys and field names of round 10's new personal-data categories
FIELD10: dict[str, str] = {}


def _generic10(name: str, kind: str, k: int = 3) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    fams = SECRET_FAMILIES10 if kind == "secret" else PII_FAMILIES10
    picks = [fams[j] for j in _picks10(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = FIELD9.get(name) or FIELD8.get(name) or FIELD7.get(name) or FIELD6.get(name, name.split("_")[0])
    key = KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value6(name, rng)[0]
        text = _choose(
            picks,
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            C=_pascal(label.lower()),
            K=_pascal(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


PAIR_LABELS10 = {
    "aws_keys": ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"),
    "twilio": ("TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"),
    "twilio_api_key": ("TWILIO_API_KEY", "TWILIO_API_SECRET"),
    "datadog_keys": ("DD_API_KEY", "DD_APP_KEY"),
    "cloud_access_pair": ("ACCESS_KEY_ID", "ACCESS_KEY_SECRET"),
    "exchange_api_pair": ("EXCHANGE_API_KEY", "EXCHANGE_API_SECRET"),
    "object_storage_pair": ("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"),
    "confluent_cloud_pair": ("CONFLUENT_API_KEY", "CONFLUENT_API_SECRET"),
}
PAIR_FAMILIES10 = [
    "- cmd: set -gx {L1} {a}\n  when: 1710237682\n- cmd: set -gx {L2} {b}\n  when: 1710237683",
    '[env]\n{L1} = "{a}"\n{L2} = "{b}"',
    '{{"containerEnv": {{"{L1}": "{a}", "{L2}": "{b}"}}}}',
    "dokku config:set api {L1}={a} {L2}={b}",
    "<key>{L1}</key>\n<string>{a}</string>\n<key>{L2}</key>\n<string>{b}</string>",
    '{{"_type": "environment", "data": {{"{l1}": "{a}", "{l2}": "{b}"}}}}',
    "(Pdb) p creds\n{{'{l1}': '{a}', '{l2}': '{b}'}}",
]


def _pair10(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    l1, l2 = PAIR_LABELS10[name]
    picks = [PAIR_FAMILIES10[j] for j in _picks10(name, len(PAIR_FAMILIES10), 3)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        a, b = _value6(name, rng)[:2]
        return _choose(picks, t, a=a, b=b, L1=l1, L2=l2, l1=l1.lower(), l2=l2.lower()), [a, b]

    return make, len(picks)


def _pem10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(5, 12))
    pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
    if t == 0:  # Terraform state
        text = '{\n  "type": "tls_private_key",\n  "instances": [{"attributes": {"private_key_pem": ' + json.dumps(pem)
        text += "}}]\n}"
    elif t == 1:  # ssh config with the IdentityFile's contents pasted below it
        text = (
            "Host bastion\n  HostName bastion.acme.dev\n  IdentityFile ~/.ssh/bastion\n\n$ cat ~/.ssh/bastion\n" + pem
        )
    elif t == 2:  # Insomnia client certificate export
        text = json.dumps({"_type": "client_certificate", "host": "api.acme.dev", "key": pem})
    else:  # a Python constant split over implicit concatenation
        text = "SIGNING_KEY = (\n" + "\n".join(f'    "{line}\\n"' for line in pem.split("\n")) + "\n)"
    return text, body


def _pgp10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(6, 12))
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    if t == 0:  # Terraform state of a GPG key resource
        text = '{"type": "gpg_private_key", "attributes": {"private_key": ' + json.dumps(block) + "}}"
    else:  # a Kotlin raw string for a signing plugin
        text = 'signing {\n    useInMemoryPgpKeys("""' + block + '""", signingPassword)\n}'
    return text, body


def _gcp_sa10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 20)
    kid = _rs(rng, HEX, 40)
    pk = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n"
    obj = {
        "type": "service_account",
        "project_id": "acme-data-4411",
        "private_key_id": kid,
        "private_key": pk,
        "client_email": "loader@acme-data-4411.iam.gserviceaccount.com",
    }
    if t == 0:  # Terraform state of a google_service_account_key: the key JSON is stored base64-encoded
        enc = base64.b64encode(json.dumps(obj).encode()).decode()
        return '{"type": "google_service_account_key", "attributes": {"private_key": "' + enc + '"}}', [enc]
    text = "$env:GOOGLE_CREDENTIALS = @'\n" + json.dumps(obj, indent=2) + "\n'@"
    return text, [kid, *body]


def _putty10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(4, 8))
    ppk = (
        "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@ci\nPublic-Lines: 2\n"
        "AAAAC3NzaC1lZDI1NTE5AAAAIE\nq0Z3x9v==\nPrivate-Lines: " + str(len(body)) + "\n" + "\n".join(body)
    )
    ppk += "\nPrivate-MAC: " + _rs(rng, HEX, 64)
    if t == 0:
        return "C:\\Users\\Public> type deploy.ppk\n" + ppk, body
    return "[auth]\nkey = '''\n" + ppk + "\n'''", body


def _apple_p810(rng: random.Random, t: int) -> tuple[str, list[str]]:
    lines = p8_key_lines(rng)
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----"
    if t == 0:  # fastlane api_key.json
        return json.dumps({"key_id": _rs(rng, ALNUM_UP, 10), "issuer_id": _uuid4(rng), "key": pem}), lines
    return "APP_STORE_CONNECT_API_KEY_CONTENT=" + base64.b64encode(pem.encode()).decode(), [
        base64.b64encode(pem.encode()).decode()
    ]


def _pw_url10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    q = urllib.parse.quote(pw, safe="")
    return _choose(
        [
            '"attributes": {{"connection_string": "postgresql://app:{q}@db.acme.internal:5432/app"}}',
            "- cmd: set -gx DATABASE_URL mysql://app:{q}@mysql.acme.internal/app\n  when: 1710237682",
            "> process.env.REDIS_URL\n'rediss://default:{q}@cache.acme.internal:6380'",
            "<key>DATABASE_URL</key>\n<string>postgres://app:{q}@db.acme.internal/app</string>",
        ],
        t,
        q=q,
    ), [pw, q]


def _webhook10(host: str, label: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (part,) = _value6(label, rng)[:1]
        url = f"{host}{part}"
        return _choose(
            [
                '{{"_type": "request", "method": "POST", "url": "{url}"}}',  # Insomnia
                "- cmd: curl -X POST -d @payload.json {url}\n  when: 1710237682",
                '"attributes": {{"webhook_url": "{url}", "id": "notify"}}',
            ],
            t,
            url=url,
        ), [part]

    return make


def _winpath10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("windows_profile", rng)[:1]
    return _choose(
        [
            "Error: ENOENT: no such file or directory, open 'C:\\Users\\{u}\\.insomnia\\env.json'",
            "C:\\Users\\{u}\\source\\repos\\api>git status",
            '"file": "file:///c%3A/Users/{u}/projects/api/src/main.ts"',
        ],
        t,
        u=u,
    ), [u]


def _homepath10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("home_dir_user", rng)[:1]
    return _choose(
        [
            "- cmd: cd /home/{u}/src/api && make test\n  when: 1710237682",
            "(gdb) info sharedlibrary\n0x00007ffff7fc5090  /home/{u}/.local/lib/libacme.so",
            'WORKDIR="/Users/{u}/Library/Application Support/Insomnia"',
        ],
        t,
        u=u,
    ), [u]


def _ip10fam(name: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (v,) = _value6(name, rng)[:1]
        return _choose(
            [
                '"request": {{"method": "GET", "url": "https://api.acme.dev/v1/me"}}, "serverIPAddress": "{v}"',
                "03-12 10:01:22.114  2211  2230 D Net: connected from {v}",
                '1710237682.114211 [0 {v}:51234] "AUTH" "(redacted)"',
            ],
            t,
            v=v,
        ), [v]

    return make


def _recovery10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    codes = [f"{_rs(rng, LOWER_ALNUM, 4)}-{_rs(rng, LOWER_ALNUM, 4)}" for _ in range(5)]
    forms = [
        "Emergency kit – recovery codes:\n" + "\n".join(f"  ☐ {c}" for c in codes),
        '{"recovery_codes": ' + json.dumps(codes) + "}",
    ]
    return forms[t], codes


def _passport_mrz10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    text, needles = _passport_mrz(rng, 0)
    mrz = text.split("\n", 1)[1]
    if t == 0:  # a KYC provider's response
        return json.dumps({"status": "approved", "document": {"type": "passport", "mrz": mrz.split("\n")}}), needles
    return "Tesseract OCR (eng+ocrb) output:\n" + mrz + "\n---", needles


_SPECIFIC10: dict[str, tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]] = {
    **{name: _pair10(name) for name in PAIR_LABELS10},
    "gcp_service_account": (_gcp_sa10, 2),
    "pem_private_key": (_pem10, 4),
    "pgp_private_key": (_pgp10, 2),
    "putty_private_key": (_putty10, 2),
    "apple_p8_key": (_apple_p810, 2),
    "password_url": (_pw_url10, 4),
    "slack_webhook": (_webhook10("https://hooks.slack.com/services/", "slack_webhook"), 3),
    "discord_webhook": (_webhook10("https://discord.com/api/webhooks/", "discord_webhook"), 3),
    "windows_profile": (_winpath10, 3),
    "home_dir_user": (_homepath10, 3),
    "ipv4": (_ip10fam("ipv4"), 3),
    "ipv6": (_ip10fam("ipv6"), 3),
    "ipv6_forms": (_ip10fam("ipv6_forms"), 3),
    "mfa_recovery_code": (_recovery10, 2),
    "passport_mrz": (_passport_mrz10, 2),
}

for _c in list(CATS):
    if _c.name in _SPECIFIC10:
        _extend10(_c.name, *_SPECIFIC10[_c.name])
    else:
        _extend10(_c.name, *_generic10(_c.name, _c.kind))


# --- categories the generator lacked: credential formats of more providers and tools


def _multi10(
    formats: list[tuple[str, Callable[[random.Random], str]]], own: list[str], name: str, shared: int = 2
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several token formats: each draw picks a format (its label and generator)."""
    templates = own + [SECRET_FAMILIES10[j] for j in _picks10(name, len(SECRET_FAMILIES10), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        label, gen = rng.choice(formats)
        v = gen(rng)
        text = _choose(
            templates,
            t,
            v=v,
            vq=urllib.parse.quote(v, safe=""),
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-"),
            c=_camel(label),
            C=_pascal(label.lower()),
        )
        return text, [v]

    return make, len(templates)


def _matrix_token(r: random.Random) -> str:
    # Synapse's access tokens: syt_, the base64 of the user's localpart, 20 random letters, a base62 CRC
    local = base64.b64encode(r.choice(["ops-bot", "deploy", "alerts", "ci"]).encode()).decode().rstrip("=")
    return f"syt_{local}_{_rs(r, string.ascii_letters, 20)}_{_rs(r, B62, 6)}"


def _youtrack_perm(r: random.Random) -> str:
    user = base64.b64encode(r.choice([b"ci", b"deploy", b"sync-bot"])).decode()
    stamp = base64.b64encode(f"{r.randrange(10, 99)}-{r.randrange(0, 9)}".encode()).decode()
    return f"perm:{user}.{stamp}.{_rs(r, B62, 30)}"


def _mercadopago(r: random.Random) -> str:
    return f"APP_USR-{_d(r, 16)}-{_d(r, 6)}-{_rs(r, HEX, 32)}-{_d(r, 9)}"


for _name10, _formats10, _own10 in [
    (
        "ci_cd_token_more",
        [
            ("BITRISE_TOKEN", lambda r: _rs(r, B64URL, 86)),
            ("CODEMAGIC_API_TOKEN", lambda r: _rs(r, B64URL, 43)),
            ("SEMAPHORE_API_TOKEN", lambda r: _rs(r, LOWER_ALNUM, 20)),
            ("DRONE_TOKEN", lambda r: _rs(r, B62, 32)),
            ("APPVEYOR_API_TOKEN", lambda r: "v2." + _rs(r, LOWER_ALNUM, 20)),
            (
                "WOODPECKER_TOKEN",
                lambda r: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _rs(r, B64URL, 60) + "." + _rs(r, B64URL, 43),
            ),
            ("SPACELIFT_API_KEY_SECRET", lambda r: _rs(r, HEX, 64)),
            ("ACTIONS_RUNNER_TOKEN", lambda r: "A" + _rs(r, ALNUM_UP, 28)),
        ],
        [
            "{L}={v}",
            "./config.sh --url https://github.com/acme/api --token {v} --labels self-hosted,linux",
            "ci:\n  provider: acme\n  api_token: {v}",
            'curl -H "Authorization: {v}" https://ci.acme.dev/api/v1/builds  # {L}',
        ],
    ),
    (
        "error_tracker_key",
        [
            ("RAYGUN_API_KEY", lambda r: _rs(r, B62, 22)),
            ("AIRBRAKE_PROJECT_KEY", lambda r: _rs(r, HEX, 32)),
            ("APPSIGNAL_PUSH_API_KEY", _uuid4),
            ("TRACKJS_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("EXCEPTIONLESS_API_KEY", lambda r: _rs(r, B62, 40)),
        ],
        [
            "{L}={v}",
            "Airbrake.configure do |c|\n  c.project_id = 4411\n  c.project_key = '{v}'\nend",
            "errors:\n  reporter: acme\n  api_key: {v}\n  environment: production",
            "new ErrorClient({{ apiKey: '{v}', release: '1.4.2' }}) // {L}",
        ],
    ),
    (
        "log_shipping_token",
        [
            ("LOGTAIL_SOURCE_TOKEN", lambda r: _rs(r, B62, 24)),
            ("LOGGLY_CUSTOMER_TOKEN", _uuid4),
            ("PAPERTRAIL_API_TOKEN", lambda r: _rs(r, B62, 20)),
            ("MEZMO_INGESTION_KEY", lambda r: _rs(r, HEX, 32)),
            ("LIGHTSTEP_ACCESS_TOKEN", lambda r: _rs(r, B64URL, 84)),
            ("SEQ_API_KEY", lambda r: _rs(r, B62, 20)),
        ],
        [
            "{L}={v}",
            "[OUTPUT]\n    Name  http\n    Host  in.logs.acme.dev\n    Header Authorization Bearer {v}",
            '[sinks.logs]\ntype = "http"\nuri = "https://in.logs.acme.dev"\n'
            'auth.strategy = "bearer"\nauth.token = "{v}"',
            "logging:\n  shipper: acme\n  token: {v}",
        ],
    ),
    (
        "code_host_token",
        [
            # (Atlassian Data Center access tokens: the base64 of a numeric id, a colon and random bytes)
            ("BITBUCKET_DC_TOKEN", lambda r: base64.b64encode(f"{_d(r, 12)}:".encode() + _rbytes(r, 20)).decode()),
            ("PHABRICATOR_API_TOKEN", lambda r: "api-" + _rs(r, string.ascii_lowercase + "234567", 28)),
            ("CODEBERG_TOKEN", lambda r: _rs(r, HEX, 40)),
            ("GERRIT_HTTP_PASSWORD", lambda r: _rs(r, B62 + "+/", 42)),
            ("CODECOMMIT_GIT_PASSWORD", lambda r: _rs(r, B62 + "+/", 43) + "="),
            ("P4PASSWD", lambda r: _rs(r, HEXU, 32)),
            ("SOURCEHUT_TOKEN", lambda r: _rs(r, B62 + "+/", 84) + "=="),
        ],
        [
            "{L}={v}",
            "git clone https://ci:{v}@git.acme.dev/scm/api/api.git",
            "arc install-certificate https://phab.acme.dev\nPaste API Token from that page: {v}",
            "repo:\n  host: git.acme.dev\n  token: {v}",
        ],
    ),
    (
        "ticketing_token",
        [
            ("YOUTRACK_TOKEN", _youtrack_perm),
            ("SHORTCUT_API_TOKEN", _uuid4),
            ("REDMINE_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("PLANE_API_KEY", lambda r: "plane_api_" + _rs(r, HEX, 32)),
            ("MONDAY_API_TOKEN", lambda r: "eyJhbGciOiJIUzI1NiJ9." + _rs(r, B64URL, 180) + "." + _rs(r, B64URL, 43)),
            (
                "TAIGA_AUTH_TOKEN",
                lambda r: "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9." + _rs(r, B64URL, 120) + "." + _rs(r, B64URL, 43),
            ),
        ],
        [
            "{L}={v}",
            'curl -H "X-Redmine-API-Key: {v}" https://tracker.acme.dev/issues.json?assigned_to_id=me',
            "tracker:\n  url: https://tracker.acme.dev\n  token: {v}",
            'curl -H "Authorization: Bearer {v}" https://tracker.acme.dev/api/issues  # {L}',
        ],
    ),
    (
        "chat_bot_token",
        [
            ("MATRIX_ACCESS_TOKEN", _matrix_token),
            ("LINE_CHANNEL_ACCESS_TOKEN", lambda r: _rs(r, B62 + "+/", 171) + "="),
            ("VIBER_AUTH_TOKEN", lambda r: f"{_rs(r, HEX, 16)}-{_rs(r, HEX, 16)}-{_rs(r, HEX, 16)}"),
            ("TWITCH_CLIENT_SECRET", lambda r: _rs(r, LOWER_ALNUM, 30)),
            ("ZULIP_API_KEY", lambda r: _rs(r, B62, 32)),
            ("ROCKETCHAT_AUTH_TOKEN", lambda r: _rs(r, B64URL, 43)),
            ("WEBEX_BOT_TOKEN", lambda r: f"{_rs(r, B62, 64)}_{_rs(r, B62, 4)}_{_uuid4(r)}"),
        ],
        [
            "{L}={v}",
            '[bot]\nhomeserver = "https://matrix.acme.dev"\naccess_token = "{v}"',
            "curl -H 'Authorization: Bearer {v}' https://chat.acme.dev/_matrix/client/v3/account/whoami",
            "bot:\n  platform: acme\n  token: {v}\n  channel: ops",
        ],
    ),
    (
        "payment_gateway_key",
        [
            ("MERCADOPAGO_ACCESS_TOKEN", _mercadopago),
            ("XENDIT_SECRET_KEY", lambda r: "xnd_production_" + _rs(r, B62, 64)),
            ("MIDTRANS_SERVER_KEY", lambda r: "Mid-server-" + _rs(r, B64URL, 24)),
            ("AUTHORIZENET_TRANSACTION_KEY", lambda r: _rs(r, B62, 16)),
            ("RECURLY_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("COINBASE_COMMERCE_API_KEY", _uuid4),
            (
                "LEMONSQUEEZY_API_KEY",
                lambda r: "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9." + _rs(r, B64URL, 200) + "." + _rs(r, B64URL, 86),
            ),
        ],
        [
            "{L}={v}",
            "payments:\n  gateway: acme\n  secret_key: {v}\n  currency: BRL",
            "sdk = mercadopago.SDK('{v}')",
            'curl -u "{v}:" https://api.pay.acme.dev/v2/invoices  # {L}',
        ],
    ),
    (
        "email_sms_key_more",
        [
            ("MAILERSEND_API_KEY", lambda r: "mlsn." + _rs(r, HEX, 64)),
            ("MAILTRAP_API_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("SES_SMTP_PASSWORD", lambda r: "B" + _rs(r, B62 + "+/", 43)),
            ("AT_API_KEY", lambda r: "atsk_" + _rs(r, HEX, 64)),  # Africa's Talking
            ("SINCH_API_TOKEN", lambda r: _rs(r, HEX, 32)),
            (
                "CLICKSEND_API_KEY",
                lambda r: (
                    _rs(r, HEXU, 8)
                    + "-"
                    + _rs(r, HEXU, 4)
                    + "-"
                    + _rs(r, HEXU, 4)
                    + "-"
                    + _rs(r, HEXU, 4)
                    + "-"
                    + _rs(r, HEXU, 12)
                ),
            ),
            ("TERMII_API_KEY", lambda r: "TL" + _rs(r, B62, 58)),
        ],
        [
            "{L}={v}",
            "mail:\n  transport: api\n  key: {v}\n  from: noreply@acme.dev",
            'curl -X POST https://api.sms.acme.dev/v1/messages -H "apiKey: {v}" -d "to=...&message=..."',
            "transporter = createTransport({{ host: 'email-smtp.eu-west-1.amazonaws.com',"
            " auth: {{ user: 'AKIA...', pass: '{v}' }} }});",
        ],
    ),
    (
        "ai_service_key",
        [
            ("FAL_KEY", lambda r: f"{_uuid4(r)}:{_rs(r, HEX, 32)}"),
            ("STABILITY_API_KEY", lambda r: "sk-" + _rs(r, B62, 48)),
            ("DASHSCOPE_API_KEY", lambda r: "sk-" + _rs(r, HEX, 32)),
            ("ZHIPUAI_API_KEY", lambda r: f"{_rs(r, HEX, 32)}.{_rs(r, B62, 16)}"),
            ("MOONSHOT_API_KEY", lambda r: "sk-" + _rs(r, B62, 48)),
            ("AI21_API_KEY", lambda r: _rs(r, B62, 32)),
            ("SERPAPI_API_KEY", lambda r: _rs(r, HEX, 64)),
            ("SERPER_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("EXA_API_KEY", _uuid4),
            ("HUMANLOOP_API_KEY", lambda r: "hl_sk_" + _rs(r, HEX, 48)),
        ],
        [
            "{L}={v}",
            "os.environ['{L}'] = '{v}'\nresult = client.run(prompt)",
            "providers:\n  - id: acme\n    api_key: {v}\n    model: default",
            "curl https://api.ai.acme.dev/v1/generate -H 'Authorization: Key {v}' -d @req.json",
        ],
    ),
    (
        "package_publish_token",
        [
            ("DENO_DEPLOY_TOKEN", lambda r: "ddp_" + _rs(r, B62, 36)),
            ("OVSX_PAT", _uuid4),
            ("COCOAPODS_TRUNK_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("GALAXY_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("PUPPET_FORGE_API_KEY", lambda r: _rs(r, HEX, 64)),
            ("SNAPCRAFT_STORE_CREDENTIALS", lambda r: _rs(r, B62 + "+/", 220) + "="),
            ("HACKAGE_API_TOKEN", lambda r: _rs(r, HEX, 64)),
        ],
        [
            "{L}={v}",
            "npx ovsx publish --pat {v}",
            "ansible-galaxy collection publish ./acme-tools-1.4.2.tar.gz --api-key {v}",
            "publish:\n  registry: acme\n  token: {v}",
        ],
    ),
]:
    round10_custom(_name10, "secret", *_multi10(_formats10, _own10, _name10))


def _db_engine_more(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    q = urllib.parse.quote(v, safe="")
    forms = [
        ("DATABASE=SAMPLE;HOSTNAME=db2.acme.internal;PORT=50000;PROTOCOL=TCPIP;UID=db2inst1;PWD={v};", v),
        ("hdbsql -n hana.acme.internal:30015 -u SYSTEM -p '{v}' \"SELECT * FROM M_DATABASE\"", v),
        ("teradatasql.connect(host='td.acme.internal', user='etl', password='{v}')", v),
        ("vsql -h vertica.acme.internal -U dbadmin -w '{v}' -c 'SELECT version();'", v),
        ("arangosh --server.endpoint tcp://arango.acme.internal:8529 --server.password '{v}'", v),
        ("isql -S SYBPROD -U sa -P '{v}'", v),
        ("mariadb -h mariadb.acme.internal -u root -p'{v}' app", v),
        ("exaplus -c exa.acme.internal:8563 -u sys -p '{v}'", v),
        ("jdbc:trino://trino.acme.internal:443/hive?user=etl&password={q}&SSL=true", q),
        ("databend://etl:{q}@databend.acme.internal:8000/default?sslmode=disable", q),
        ("cockroach sql --url 'postgresql://app:{q}@crdb.acme.internal:26257/defaultdb?sslmode=verify-full'", q),
        ("questdb:\n  pg:\n    user: admin\n    password: {v}", v),
        ("DRIVER={{Informix}};HOST=ifx.acme.internal;SERVICE=9088;UID=informix;PWD={v};", v),
        ("memgraph:\n  uri: bolt://memgraph.acme.internal:7687\n  username: app\n  password: '{v}'", v),
    ]
    tpl, needle = forms[t]
    return tpl.format(v=v, q=q), [needle]


round10_custom("db_credential_engines", "secret", _db_engine_more, 14)


def _dotfile_credential(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    forms = [
        "$ cat ~/.my.cnf\n[client]\nuser=app\npassword={v}\nhost=db.acme.internal",
        '# ~/.curlrc\nuser = "ci:{v}"\nsilent',
        "# ~/.wgetrc\nuser = ci\npassword = {v}",
        'poll imap.acme.dev protocol IMAP user "ops@acme.dev" password "{v}" ssl',  # .fetchmailrc
        'set imap_user = "ops@acme.dev"\nset imap_pass = "{v}"',  # .muttrc
        "$ sudo cat /root/.smbcredentials\nusername=backup\npassword={v}\ndomain=ACME",
        '# /etc/ppp/chap-secrets\n"acme-vpn"  *  "{v}"  *',
        "K 8\npassword\nV {n}\n{v}\nK 15\nsvn:realmstring\nV 38\n<https://svn.acme.dev:443> Acme SVN\nEND",
        "[auth]\nacme.prefix = https://hg.acme.dev\nacme.username = ci\nacme.password = {v}",  # .hgrc
        "channel_alias: https://ci:{v}@conda.acme.dev/t",  # .condarc
        "[wifi-security]\nkey-mgmt=wpa-psk\npsk={v}",  # NetworkManager .nmconnection
        '[registries.acme]\nindex = "sparse+https://crates.acme.dev/"\n\n'
        '# credentials.toml\n[registries.acme]\ntoken = "{v}"',
        'machine imap.acme.dev\n  login ops@acme.dev\n  password "{v}"',
        "# ~/.config/rclone/rclone.conf (plain, not obscured)\n[nas]\ntype = webdav\nuser = backup\npass = {v}",
    ]
    return forms[t].format(v=v, n=len(v)), [v]


round10_custom("dotfile_credential", "secret", _dotfile_credential, 14)


def _registry_auth_encoded(rng: random.Random, t: int) -> tuple[str, list[str]]:
    user, tok = (
        rng.choice(["ci", "robot$deploy", "_json_key", "oauth2accesstoken", "AWS"]),
        password(rng) + _rs(rng, B62, 12),
    )
    auth = base64.b64encode(f"{user}:{tok}".encode()).decode()
    host = rng.choice(["registry.acme.dev", "ghcr.io", "harbor.acme.internal", "acme.azurecr.io"])
    forms = [
        '{{\n  "auths": {{\n    "{h}": {{\n      "auth": "{a}"\n    }}\n  }}\n}}',
        '$ cat ${{XDG_RUNTIME_DIR}}/containers/auth.json\n{{"auths": {{"{h}": {{"auth": "{a}"}}}}}}',
        'npmAuthIdent: "{a}"\nnpmRegistryServer: "https://npm.acme.dev"',  # .yarnrc.yml
        "//npm.acme.dev/:_auth={a}\nalways-auth=true",
        "kubectl create secret generic regcred --type=kubernetes.io/dockerconfigjson \\\n"
        '  --from-literal=.dockerconfigjson=\'{{"auths":{{"{h}":{{"auth":"{a}"}}}}}}\'',
        '[[registry]]\nlocation = "{h}"\n# auth: {a}',
    ]
    return forms[t].format(h=host, a=auth), [auth]


round10_custom("registry_auth_encoded", "secret", _registry_auth_encoded, 6)


def _secret_split(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A token split over lines by the language's string continuation: each half is planted."""
    v = rng.choice(
        [
            f"sk-proj-{_rs(rng, B64URL, 64)}",
            f"ghp_{_rs(rng, B62, 36)}",
            f"xoxb-{_d(rng, 12)}-{_d(rng, 13)}-{_rs(rng, B62, 24)}",
            f"glpat-{_rs(rng, B64URL, 20)}",
            _rs(rng, B62 + "+/", 40),
        ]
    )
    cut = len(v) // 2
    a, b = v[:cut], v[cut:]
    forms = [
        'API_KEY = (\n    "{a}"\n    "{b}"\n)',
        'String apiKey = "{a}" +\n                "{b}";',
        'export API_TOKEN="{a}"\\\n"{b}"',
        "const token = '{a}' +\n  '{b}';",
        'api_key: "{a}\\\n  {b}"',  # YAML double-quoted scalar with an escaped line break
        "$token = '{a}' `\n  + '{b}'",
    ]
    return forms[t].format(a=a, b=b), [a, b]


round10_custom("secret_split_lines", "secret", _secret_split, 6)


def _secret_nested(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A credential inside an encoding inside another: escaped JSON in JSON, URL-encoded twice,
    base64 of a JSON config."""
    v = password(rng)
    key = f"sk_live_{_rs(rng, B62, 24)}"
    once = json.dumps(json.dumps({"password": v}))
    twice = urllib.parse.quote(urllib.parse.quote(v, safe=""), safe="")
    b64 = base64.b64encode(json.dumps({"apiKey": key, "region": "eu"}).encode()).decode()
    forms = [
        ('{{"tool": "db.connect", "arguments": {o}}}', [v, json.dumps(v)[1:-1]]),
        ("GET /oauth/callback?next=https%3A%2F%2Fapp.acme.dev%2Flogin%3Fpw%3D{w}", [twice]),
        ('{{"config_b64": "{b}"}}', [b64]),
        ("CONFIG={b}\n# (base64 of the JSON config)", [b64]),
        ('"body": "{{\\"data\\": \\"{{\\\\\\"token\\\\\\": \\\\\\"{k}\\\\\\"}}\\"}}"', [key]),
    ]
    tpl, needles = forms[t]
    return tpl.format(o=once, w=twice, b=b64, k=key), needles


round10_custom("secret_nested_encoding", "secret", _secret_nested, 5)

FOREIGN_PW10 = [
    "adgangskoden til serveren er {v}",
    "la contrasenya del servidor és {v}",
    "ang password ng server ay {v}",
    "nenosiri la seva ni {v}",
    "kata laluan pelayan ialah {v}",
    "a szerver jelszava {v}",
    "parola serverului este {v}",
    "lozinka za poslužitelj je {v}",
    "ο κωδικός του διακομιστή είναι {v}",
    "пароль до сервера {v}",
    "serverdin paroli: {v}",
    "isilinganiso sokungena kwiseva ngu-{v}",
    "ọrọ igbaniwọle olupin ni {v}",
    "kalmar sirri na sabar shine {v}",
    "pasvorto de la servilo estas {v}",
    "sunucunun şifresi {v} ama değiştireceğim",
]


def _foreign_pw10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = password(rng)
    return _choose(FOREIGN_PW10, t, v=v), [v]


round10_custom("password_prose_langs10", "secret", _foreign_pw10, len(FOREIGN_PW10))


def _shell_env_prefix(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = rng.choice([f"sk-ant-api03-{_rs(rng, B64URL, 93)}AA", f"ghp_{_rs(rng, B62, 36)}", password(rng)])
    forms = [
        "  512  PGPASSWORD='{v}' pg_dump -h db.acme.internal app > app.sql",
        ": 1710237682:0;API_TOKEN={v} npm run e2e",
        "- cmd: env API_TOKEN={v} ./bin/smoke\n  when: 1710237682",
        "PS> $env:API_TOKEN='{v}'; .\\smoke.ps1",
        "   41  doas env TOKEN={v} /usr/local/bin/rotate",
        "╭─ ~/src/api\n╰─❯ SECRET_KEY={v} uv run manage.py check",
    ]
    return forms[t].format(v=v), [v]


round10_custom("shell_history_env_prefix", "secret", _shell_env_prefix, 6)


def _har_credential(rng: random.Random, t: int) -> tuple[str, list[str]]:
    tok = f"eyJhbGciOiJSUzI1NiJ9.{_rs(rng, B64URL, 120)}.{_rs(rng, B64URL, 86)}"
    sid = _rs(rng, B64URL, 32)
    forms = [
        (
            '"headers": [\n  {{"name": "authorization", "value": "Bearer {t}"}},\n'
            '  {{"name": "accept", "value": "*/*"}}\n]',
            tok,
        ),
        ('"cookies": [{{"name": "sessionid", "value": "{s}", "httpOnly": true}}]', sid),
        ('{{"_type": "request", "authentication": {{"type": "bearer", "token": "{t}"}}}}', tok),  # Insomnia
        ('"auth": {{"type": "bearer", "bearer": [{{"key": "token", "value": "{t}", "type": "string"}}]}}', tok),
        (
            '"postData": {{"mimeType": "application/x-www-form-urlencoded",'
            ' "text": "grant_type=refresh_token&session={s}"}}',
            sid,
        ),
    ]
    tpl, v = forms[t]
    return tpl.format(t=tok, s=sid), [v]


round10_custom("http_export_credential", "secret", _har_credential, 5)


# --- national and tax ids of more countries (python-stdnum's validators: a candidate is redrawn
# until python-stdnum accepts it; its formatter where it has one)


def lk_nic(r: random.Random) -> str:
    """A Sri Lankan NIC by its documented structure (python-stdnum has no module for it): birth year,
    day of the year (plus 500 for women) and a serial; the old form ends in V or X."""
    y, m, d = _birth(r, 1950, 2004)
    doy = date_of_year(y, m, d) + (500 if r.random() < 0.5 else 0)
    if r.random() < 0.5:
        return f"{y % 100:02d}{doy:03d}{_d(r, 4)}{r.choice('VX')}"
    return f"{y}{doy:03d}{_d(r, 5)}"


def date_of_year(y: int, m: int, d: int) -> int:
    # Sri Lanka's NIC counts days as if every February had 29
    return sum([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][: m - 1]) + d


def de_stnr(r: random.Random) -> str:
    # a Steuernummer in a Land's own layout (Berlin, Bayern, NRW, Hessen)
    return _until_valid(
        "de.stnr",
        lambda r: r.choice(
            [
                f"{_d(r, 2)}/{_d(r, 3)}/{_d(r, 5)}",
                f"1{_d(r, 2)}/{_d(r, 3)}/{_d(r, 5)}",
                f"0{_d(r, 2)} {_d(r, 3)} {_d(r, 5)}",
            ]
        ),
        r,
    )


def pl_nip(r: random.Random) -> str:
    v = _until_valid("pl.nip", lambda r: f"{r.randrange(101, 999)}{_d(r, 7)}", r)
    return _stdnum_format("pl.nip", v)


def vn_mst(r: random.Random) -> str:
    return _until_valid("vn.mst", lambda r: f"{r.randrange(1, 9)}{_d(r, 9)}", r)


def by_unp(r: random.Random) -> str:
    return _until_valid("by.unp", lambda r: r.choice("1234567") + _d(r, 8), r)


def uy_rut(r: random.Random) -> str:
    return _until_valid("uy.rut", lambda r: f"{r.randrange(1, 22):02d}{_d(r, 6)}001{_d(r, 1)}", r)


def al_nipt(r: random.Random) -> str:
    return _until_valid("al.nipt", lambda r: f"{r.choice('JKLM')}{_d(r, 8)}{r.choice(string.ascii_uppercase)}", r)


def mk_edb(r: random.Random) -> str:
    return _until_valid("mk.edb", lambda r: f"4{_d(r, 12)}", r)


def az_voen(r: random.Random) -> str:
    return _until_valid("az.voen", lambda r: _d(r, 9) + "2", r)


def pe_ruc(r: random.Random) -> str:
    # a person's RUC: 10, their DNI and a check digit
    return _until_valid("pe.ruc", lambda r: "10" + _d(r, 8) + _d(r, 1), r)


def ec_ruc(r: random.Random) -> str:
    # a natural person's RUC: their cédula and 001
    return ec_cedula(r).replace("-", "") + "001"


def mz_nuit(r: random.Random) -> str:
    return _until_valid("mz.nuit", lambda r: "1" + _d(r, 8), r)


def eg_tn(r: random.Random) -> str:
    v = _until_valid("eg.tn", lambda r: _d(r, 9), r)
    return f"{v[:3]}-{v[3:6]}-{v[6:]}"


NEW_IDS10: list[tuple[str, Callable[[random.Random], str], str, list[str]]] = [
    ("lk_nic", lk_nic, "NIC", ["NIC No: {v}", "my NIC number is {v}", '"nic": "{v}"']),
    (
        "de_steuernummer",
        de_stnr,
        "Steuernummer",
        ["Steuernummer: {v}", "meine Steuernummer lautet {v}", '"steuernummer": "{v}"'],
    ),
    ("pl_nip", pl_nip, "NIP", ["NIP: {v}", "mój NIP to {v} (działalność jednoosobowa)", '"nip": "{v}"']),
    ("vn_mst", vn_mst, "mã số thuế", ["Mã số thuế cá nhân: {v}", "MST của tôi là {v}", '"ma_so_thue": "{v}"']),
    ("by_unp", by_unp, "УНП", ["УНП: {v}", "мой УНП {v}, ИП", '"unp": "{v}"']),
    ("uy_rut", uy_rut, "RUT", ["RUT: {v}", "mi RUT es {v} para la factura", '"rut_uy": "{v}"']),
    ("al_nipt", al_nipt, "NIPT", ["NIPT: {v}", "NIPT-i im është {v}", '"nipt": "{v}"']),
    ("mk_edb", mk_edb, "ЕДБ", ["ЕДБ: {v}", "мојот даночен број е {v}", '"edb": "{v}"']),
    ("az_voen", az_voen, "VÖEN", ["VÖEN: {v}", "mənim VÖEN nömrəm {v}", '"voen": "{v}"']),
    (
        "pe_ruc_persona",
        pe_ruc,
        "RUC",
        ["RUC (persona natural): {v}", "mi RUC es {v}, boleta por favor", '"ruc_pe": "{v}"'],
    ),
    ("ec_ruc_persona", ec_ruc, "RUC", ["RUC: {v}", "mi RUC de persona natural es {v}", '"ruc_ec": "{v}"']),
    ("mz_nuit", mz_nuit, "NUIT", ["NUIT: {v}", "o meu NUIT é {v}", '"nuit": "{v}"']),
    (
        "eg_tax_number",
        eg_tn,
        "الرقم الضريبي",
        ["الرقم الضريبي: {v}", "Tax registration no. {v}", '"tax_reg_no": "{v}"'],
    ),
]


def _pii10(name: str, gen: Callable[[random.Random], str], fname: str, own: list[str], key: str) -> None:
    """A new personal-data category: its own templates and two of the shared families."""
    GENS[name] = gen
    FIELD10[name] = fname
    KEY10[name] = key
    shared = [PII_FAMILIES10[j] for j in _picks10(name, len(PII_FAMILIES10), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = gen(rng)
        text = _choose(
            templates, t, v=v, vq=urllib.parse.quote(v, safe=""), f=fname, k=key, K=_pascal(key), c=_camel(key)
        )
        return text, [v]

    round10_custom(name, "pii", make, len(templates))


for _name10, _gen10, _field10, _own10 in NEW_IDS10:
    _pii10(_name10, _gen10, _field10, _own10, _own10[2].split('"')[1])  # the key of its JSON family


# --- social-security and health numbers with their documented checks, driving licences


def br_pis(r: random.Random) -> str:
    """A Brazilian PIS/PASEP/NIT: ten digits and a mod-11 check (weights 3 2 9 8 7 6 5 4 3 2)."""
    while True:
        body = [int(c) for c in _d(r, 10)]
        c = 11 - sum(d * w for d, w in zip(body, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2], strict=True)) % 11
        c = 0 if c >= 10 else c
        s = "".join(map(str, body)) + str(c)
        if s[0] != "0":
            return f"{s[:3]}.{s[3:8]}.{s[8:10]}-{s[10]}"


def mx_nss(r: random.Random) -> str:
    """A Mexican IMSS social-security number: ten digits and a Luhn check."""
    return luhn_complete(f"{r.randrange(1, 99):02d}{r.randrange(70, 99):02d}", 11, r)


def es_nass(r: random.Random) -> str:
    """A Spanish Social Security affiliation number: province, eight digits (here at least 10^7, where
    the control is the ten digits mod 97) and two control digits."""
    prov, num = r.randrange(1, 53), r.randrange(10**7, 10**8)
    return f"{prov:02d}/{num:08d}/{int(f'{prov:02d}{num:08d}') % 97:02d}"


def au_ihi(r: random.Random) -> str:
    """An Australian Individual Healthcare Identifier: 800360, nine digits and a Luhn check."""
    v = luhn_complete("800360", 16, r)
    return f"{v[:4]} {v[4:8]} {v[8:12]} {v[12:]}"


def ph_sss(r: random.Random) -> str:
    return f"{r.randrange(1, 34):02d}-{_d(r, 7)}-{_d(r, 1)}"


def ca_qc_ramq(r: random.Random) -> str:
    """A Québec health insurance number: surname and given-name letters, birth year, month (+50
    for women), day and two digits."""
    y, m, d = _birth(r)
    mm = m + (50 if r.random() < 0.5 else 0)
    return f"{_rs(r, string.ascii_uppercase, 4)} {y % 100:02d}{mm:02d} {d:02d}{_d(r, 2)}"


SOCIAL_HEALTH10: list[tuple[str, Callable[[random.Random], str]]] = [
    ("Número de afiliación a la Seguridad Social: {v}", es_nass),
    ("PIS/PASEP: {v}", br_pis),
    ("NSS (IMSS): {v}", mx_nss),
    ("Individual Healthcare Identifier (IHI): {v}", au_ihi),
    ("SSS No.: {v}", ph_sss),
    ("Numéro d'assurance maladie (RAMQ) : {v}", ca_qc_ramq),
]


def _social_health(rng: random.Random, t: int) -> tuple[str, list[str]]:
    if t < len(SOCIAL_HEALTH10):
        tpl, gen = SOCIAL_HEALTH10[t]
    else:  # the JSON family: any of them
        tpl, gen = '"social_security_no": "{v}"', rng.choice(SOCIAL_HEALTH10)[1]
    v = gen(rng)
    return tpl.format(v=v), [v]


round10_custom("social_health_number", "pii", _social_health, len(SOCIAL_HEALTH10) + 1)

DRIVING_LICENCE10: list[tuple[str, Callable[[random.Random], str]]] = [
    ("NY DL#: {v}", lambda r: f"{_d(r, 3)} {_d(r, 3)} {_d(r, 3)}"),
    ("Illinois driver's license {v}", lambda r: f"{r.choice(string.ascii_uppercase)}{_d(r, 3)}-{_d(r, 4)}-{_d(r, 4)}"),
    ("WA driver license: {v}", lambda r: f"WDL{_rs(r, ALNUM_UP, 9)}"),
    ("Ontario licence number {v}", lambda r: f"{r.choice(string.ascii_uppercase)}{_d(r, 4)}-{_d(r, 5)}-{_d(r, 5)}"),
    (
        "Driving Licence No. {v} (valid till 2031)",
        lambda r: f"{r.choice(['MH', 'KA', 'DL', 'TN'])}{r.randrange(1, 50):02d} {r.randrange(2005, 2022)}{_d(r, 7)}",
    ),
    (
        "Führerscheinnummer: {v}",
        lambda r: f"{r.choice(string.ascii_uppercase)}{_d(r, 3)}{_rs(r, ALNUM_UP, 6)}{_d(r, 1)}",
    ),
    ("n° de permis de conduire : {v}", lambda r: f"{_d(r, 2)}{_rs(r, string.ascii_uppercase, 2)}{_d(r, 8)}"),
    ("運転免許証番号 {v}", lambda r: f"{r.randrange(10, 99)}{_d(r, 10)}"),
]


def _driving_licence10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    if t < len(DRIVING_LICENCE10):
        tpl, gen = DRIVING_LICENCE10[t]
    else:  # the JSON family: any of them
        tpl, gen = '"drivers_license": "{v}"', rng.choice(DRIVING_LICENCE10)[1]
    v = gen(rng)
    return tpl.format(v=v), [v]


round10_custom("driving_licence_more", "pii", _driving_licence10, len(DRIVING_LICENCE10) + 1)


# --- IBANs of countries no round has (python-stdnum's registry of their layouts), domestic accounts

IBAN_COUNTRIES10 = ["PS", "LC", "SC", "ST", "TL", "IQ", "BY", "SV", "VA", "LY", "SD", "BI", "DJ", "SO", "RU"]
IBAN_COUNTRIES10 += ["NI", "MN", "OM", "YE", "FK", "HN", "MU"]


def _bban_from_spec(r: random.Random, spec: str) -> str:
    # an IBAN registry BBAN layout: runs of "<n>!<n|a|c>" (digits, upper-case letters, alphanumerics)
    alphabets = {"n": "0123456789", "a": string.ascii_uppercase, "c": ALNUM_UP}
    out, num = "", ""
    for ch in spec:
        if ch.isdigit():
            num += ch
        elif ch in alphabets:
            out, num = out + _rs(r, alphabets[ch], int(num)), ""
    return out


def iban10(r: random.Random) -> str:
    import stdnum.numdb
    from stdnum import iban as std_iban

    cc = r.choice(IBAN_COUNTRIES10)
    spec = str(stdnum.numdb.get("iban").info(cc)[0][1]["bban"])
    for _ in range(200):
        bban = _bban_from_spec(r, spec)
        digits = "".join(str(int(ch, 36)) for ch in bban + cc + "00")
        v = f"{cc}{98 - int(digits) % 97:02d}{bban}"
        if std_iban.is_valid(v):
            return " ".join(v[i : i + 4] for i in range(0, len(v), 4))
    raise RuntimeError(cc)


_pii10(
    "iban_newest",
    iban10,
    "IBAN",
    ["IBAN: {v}", "please wire it to {v}", "رقم الآيبان: {v}", '"iban": "{v}"', "Bankverbindung: {v}"],
    "iban",
)


def no_kontonr(r: random.Random) -> str:
    v = _until_valid("no.kontonr", lambda r: _d(r, 11), r)
    return f"{v[:4]}.{v[4:6]}.{v[6:]}"


def cz_bankaccount(r: random.Random) -> str:
    bank = r.choice(["0100", "0300", "0800", "2010", "0600", "5500"])
    return _until_valid(
        "cz.bankaccount", lambda r: f"{r.choice(['', _d(r, 2) + '-'])}{r.randrange(10**8, 10**10)}/{bank}", r
    )


def bank_account_more10(r: random.Random) -> str:
    return r.choice([no_kontonr, cz_bankaccount])(r)


_pii10(
    "bank_account_national",
    bank_account_more10,
    "account number",
    ["Kontonummer: {v}", "číslo účtu: {v}", "pošli to na účet {v}", '"account_no": "{v}"'],
    "account_no",
)


# --- phones of the regions no round has, and in spoken and full-width forms

PHONE_REGIONS10 = ["IS", "LU", "LI", "MC", "AD", "SM", "GI", "FO", "GL", "JE", "GG", "IM", "MW", "RW", "ZM", "SL"]
PHONE_REGIONS10 += ["LR", "GM", "GN", "AW", "TG", "KY", "CD", "BM", "GA", "HT", "JM", "GY", "SR", "BZ", "PR", "CW"]


def phone10(rng: random.Random) -> str:
    region = rng.choice(PHONE_REGIONS10)
    kind = phonenumbers.PhoneNumberType.MOBILE
    if phonenumbers.example_number_for_type(region, kind) is None:
        kind = phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE
    num = _valid_number(rng, region, kind)
    fmt = rng.choice([phonenumbers.PhoneNumberFormat.NATIONAL, phonenumbers.PhoneNumberFormat.INTERNATIONAL])
    return phonenumbers.format_number(num, fmt)


_pii10(
    "phone_regions10",
    phone10,
    "phone",
    ["Tel: {v}", "Símanúmer: {v}", "call me on {v} after 6", '"mobile_number": "{v}"', "Handy: {v}"],
    "mobile_number",
)

_SPOKEN = {
    "en": ["oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
    "de": ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"],
    "es": ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"],
    "fr": ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"],
}


def _phone_written(rng: random.Random, t: int) -> tuple[str, list[str]]:
    region = rng.choice(["GB", "DE", "ES", "FR", "US", "JP"])
    num = _valid_number(rng, region)
    nat = phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.NATIONAL)
    digits = "".join(c for c in nat if c.isdigit())
    lang = {"GB": "en", "US": "en", "DE": "de", "ES": "es", "FR": "fr"}.get(region, "en")
    words = " ".join(_SPOKEN[lang][int(c)] for c in digits)
    full = nat.translate(str.maketrans("0123456789-", "０１２３４５６７８９‐"))
    spaced = " ".join(digits)
    forms = [
        (f"[voicemail transcript] hi, it's me again, call me back on {words}, thanks", words),
        (f"電話番号：{full}", full),
        (f"my number is {spaced} (sorry, phone keyboard)", spaced),
        (f"📞 {nat} (WhatsApp only)", nat),
        (f"ring me: {digits[:-4]}-{digits[-4:]} or text", f"{digits[:-4]}-{digits[-4:]}"),
    ]
    text, needle = forms[t]
    return text, [needle]


round10_custom("phone_written_forms", "pii", _phone_written, 5)


# --- addresses in Cyrillic and Greek, in South and South-East Asian scripts, by landmark; a home's
# coordinates


def address_cyrillic_greek(rng: random.Random) -> str:
    n, k = rng.randrange(1, 200), rng.randrange(1, 300)
    return rng.choice(
        [
            f"{rng.randrange(101000, 199999)}, г. Москва, ул. Профсоюзная, д. {n}, кв. {k}",
            f"м. Київ, вул. Хрещатик, буд. {n}, кв. {k}, 01001",
            f"гр. София {rng.randrange(1000, 1999)}, ж.к. Младост 1, бл. {n}, вх. Б, ап. {k}",
            f"Београд, Булевар краља Александра {n}/{k}",
            f"Οδός Ερμού {n}, {rng.randrange(10, 99)}{rng.randrange(100, 999)} Αθήνα",
            f"Λεωφόρος Νίκης {n}, Θεσσαλονίκη 546 {rng.randrange(10, 99)}",
            f"г. Алматы, пр. Абая, д. {n}, кв. {k}",
            f"Минск, пр-т Независимости, {n}-{k}, 220{rng.randrange(100, 999)}",
        ]
    )


_pii10(
    "address_cyrillic_greek",
    address_cyrillic_greek,
    "адрес",
    ["Адрес доставки: {v}", "Адреса: {v}", "Διεύθυνση: {v}", '"delivery_address": "{v}"', "ship it to {v}"],
    "delivery_address",
)


def address_asian_scripts(rng: random.Random) -> str:
    n, k = rng.randrange(1, 300), rng.randrange(1, 99)
    return rng.choice(
        [
            f"{n}/{k} ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110",
            f"मकान नं. {n}, गली नं. {k}, लाजपत नगर, नई दिल्ली 110024",
            f"Số {n} ngõ {k} phố Huế, phường Phố Huế, quận Hai Bà Trưng, Hà Nội",
            f"{n}, {k}-ஆவது தெரு, அண்ணா நகர், சென்னை 600040",
            f"ঘর নং {n}, রোড {k}, ধানমন্ডি, ঢাকা ১২০৫",
            f"No. {n}, {k}th Street, ဗဟန်းမြို့နယ်, ရန်ကုန်",
            f"ផ្ទះលេខ {n} ផ្លូវ {k} សង្កាត់បឹងកេងកង ភ្នំពេញ",
            f"{n}/{k}, ගාලු පාර, කොළඹ 03",
        ]
    )


_pii10(
    "address_asian_scripts",
    address_asian_scripts,
    "address",
    ["ที่อยู่: {v}", "पता: {v}", "Địa chỉ: {v}", '"home_address": "{v}"', "deliver to {v} please"],
    "home_address",
)


def address_landmark(rng: random.Random) -> str:
    n, s = rng.randrange(1, 999), rng.randrange(1, 80)
    return rng.choice(
        [
            f"H.No. {n}, near Shiv Mandir, opp. SBI ATM, Sector {s}, Gurugram 1220{rng.randrange(10, 99)}",
            f"Flat {n}, behind Sai Baba temple, Kothrud, Pune 411038",
            f"House {n}, after the second speed bump, left of Total filling station, East Legon, Accra",
            f"de la iglesia San Juan 2 cuadras al sur, casa #{n}, Managua",
            f"Casa {n}, frente al parque central, 100 m norte, San Pedro, Montes de Oca, San José",
            f"Plot {n}, off Kira Road, next to Shell Bukoto, Kampala",
        ]
    )


_pii10(
    "address_landmark",
    address_landmark,
    "address",
    ["Address: {v}", "Dirección: {v}", "landmark address for the rider: {v}", '"address_line": "{v}"'],
    "address_line",
)


def _home_geo(rng: random.Random, t: int) -> tuple[str, list[str]]:
    lat = round(rng.uniform(35.0, 59.0), 6)
    lon = round(rng.uniform(-9.0, 24.0), 6)
    pair = f"{lat}, {lon}"
    forms = [
        (f"home: {pair}", pair),
        (f'{{"user_id": 4411, "home_location": {{"lat": {lat}, "lng": {lon}}}}}', ""),
        (f"Wohnort (GPS): {pair}", pair),
        (f"drop pin for my house: https://maps.google.com/?q={lat},{lon}", f"{lat},{lon}"),
        (f"HOME_LAT={lat}\nHOME_LON={lon}", str(lat)),
    ]
    text, _ = forms[t]
    return text, [str(lat), str(lon)]


round10_custom("home_geolocation", "pii", _home_geo, 5)


# --- dates of birth in ID-document fields and in words

_YEAR_WORDS_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_ORD_WORDS = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
    "nineteenth", "twentieth", "twenty-first", "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth",
    "twenty-sixth", "twenty-seventh", "twenty-eighth",
]  # fmt: skip


def _two_digit_words(n: int) -> str:
    if n < 10:
        return f"oh {_ONES[n]}" if n else "hundred"
    if n < 20:
        return _TEENS[n - 10]
    return _YEAR_WORDS_TENS[n // 10] + ("-" + _ONES[n % 10] if n % 10 else "")


def _dob_id_field(rng: random.Random, t: int) -> tuple[str, list[str]]:
    y, m, d = _birth(rng)
    d = min(d, 28)
    year = f"two thousand {_ONES[y % 10]}".strip() if y >= 2000 else f"nineteen {_two_digit_words(y % 100)}"
    words = f"the {_ORD_WORDS[d - 1]} of {calendar.month_name[m]} {year}"
    forms = [
        ("@\nANSI 636014080102DL00410288ZC03290034DL\nDBB{v}\nDBA20290312\nDBD20240312", f"{m:02d}{d:02d}{y}"),  # AAMVA
        ("3. {v} Berlin", f"{d:02d}.{m:02d}.{y}"),  # EU driving licence field 3: date and place of birth
        ("जन्म तिथि/DOB: {v}", f"{d:02d}/{m:02d}/{y}"),  # Aadhaar card
        ("出生 {v}", f"{y} 年 {m} 月 {d} 日"),  # Chinese resident card, spaced
        ("[call transcript] caller confirmed date of birth as {v}", words),
        ("Data urodzenia / Date of birth\n{v}", f"{d:02d}.{m:02d}.{y}"),
    ]
    tpl, v = forms[t]
    return tpl.format(v=v), [v]


round10_custom("date_of_birth_id_fields", "pii", _dob_id_field, 6)


# --- names in more scripts, in calendar invites and assignee fields

NAMES10_SCRIPTS = [
    "પ્રિયા પટેલ",
    "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ",
    "ಅನಿಲ್ ಕುಮಾರ್",
    "അനു ജോസഫ്",
    "ସୁଭାଷ ମହାପାତ୍ର",
    "ສົມພອນ ວົງສະຫວັນ",
    "བསྟན་འཛིན་རྡོ་རྗེ",
    "ئابدۇللا ئەخمەت",
    "احمد شاه احمدزی",
    "חיים גרינבערג",
    "Айгерім Нұрланқызы",
    "ޢަލީ ނަސީމް",
]


def _name_context10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    n, n2 = person_name(rng), person_name(rng)
    first, last = n.split(" ", 1)
    mail = f"{_ascii_slug(first)}.{_ascii_slug(last)}@{rng.choice(COMPANY)}.{rng.choice(DOMAINS)}"
    script = rng.choice(NAMES10_SCRIPTS)
    forms = [
        (f"ORGANIZER;CN={n}:mailto:{mail}\nATTENDEE;CN={n2};ROLE=REQ-PARTICIPANT:mailto:team@acme.dev", [n, mail, n2]),
        (f"Required: {n}; {n2}\nWhen: Tuesday, 12 March 2024 10:00-10:30", [n, n2]),
        (f"Assignee: {n}\nReporter: {n2}\nPriority: P2", [n, n2]),
        (f"| PROJ-4411 | Fix flaky login test | {n} | In Progress |", [n]),
        (f"Signed,\n\n{script}", [script]),
        (f'{{"assignee": {{"displayName": "{n}", "emailAddress": "{mail}"}}}}', [n, mail]),
        (f"Co-authored-by: {script} <{_ascii_slug(first)}@users.noreply.github.com>", [script]),
        (f"2024-03-12 10:01:22 INFO  audit - approved by {script}", [script]),
    ]
    text, needles = forms[t]
    return text, needles


round10_custom("person_name_contexts10", "pii", _name_context10, 8)


# --- e-mails in mailto parameters, display-name forms, punycode, SMTP transcripts


def _email_context10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    n = person_name(rng)
    first, last = n.split(" ", 1)
    addr = f"{_ascii_slug(first)}.{_ascii_slug(last)}@{rng.choice(COMPANY)}.{rng.choice(DOMAINS)}"
    addr2 = (
        f"{_ascii_slug(last)}{rng.randrange(1, 99)}@{rng.choice(['gmail.com', 'proton.me', 'gmx.de', 'yahoo.co.jp'])}"
    )
    puny = f"{_ascii_slug(first)}@{rng.choice(['xn--mnchen-3ya.de', 'xn--caf-dma.fr', 'xn--bcher-kva.at'])}"
    forms = [
        (f'<a href="mailto:{addr}?cc={addr2}&subject=Invoice%204411">write</a>', [addr, addr2]),
        (f'From: "{last}, {first}" <{addr}>', [addr]),
        (f"contact: {puny}", [puny]),
        (f"MAIL FROM:<{addr}>\n250 2.1.0 Ok\nRCPT TO:<{addr2}>\n250 2.1.5 Ok", [addr, addr2]),
        (f"postfix/smtp[2211]: 4F1A22C0: to=<{addr2}>, relay=mx.acme.dev[10.0.3.7]:25, status=sent", [addr2]),
        (f"$ git shortlog -se\n    42\t{n} <{addr}>", [addr, n]),
        (f"mailto:{urllib.parse.quote(addr)}?body=hi", [urllib.parse.quote(addr)]),
    ]
    text, needles = forms[t]
    return text, needles


round10_custom("email_contexts10", "pii", _email_context10, 7)


# --- IPs in more wrappings


def _ip_more10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v4, v6 = public_ipv4(rng), public_ipv6(rng)
    forms = [
        (f"[Peer]\nPublicKey = {_b64key(rng, 32)[:43]}=\nEndpoint = {v4}:51820", v4),
        (f"{v4}    home-nas home-nas.lan", v4),  # /etc/hosts
        (f"Received: from laptop ([{v4}]) by mx.acme.dev with ESMTPSA", v4),
        (f"remote {v4} 1194 udp", v4),  # .ovpn
        (f"full address:s:{v4}:3389", v4),  # .rdp
        (f"git remote add home ssh://git@[{v6}]:2222/srv/git/dotfiles.git", v6),
        (f"$ dig +short home.example-dyn.net\n{v4}", v4),
    ]
    text, needle = forms[t]
    return text, [needle]


round10_custom("ip_wrapped_more", "pii", _ip_more10, 7)


# --- sensitive attributes in Terraform state, session cookies in cookie-jar exports, names in form
# fields


def _tfstate_secret(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    tok = _rs(rng, B62, 32)
    forms = [
        (
            '{{"type": "aws_db_instance", "instances": [{{"attributes": {{"username": "app", "password": "{p}"}}}}]}}',
            pw,
        ),
        ('{{"type": "random_password", "instances": [{{"attributes": {{"length": 24, "result": "{p}"}}}}]}}', pw),
        ('"attributes": {{\n  "administrator_login": "sqladmin",\n  "administrator_login_password": "{p}"\n}}', pw),
        (
            '{{"type": "github_actions_secret", "attributes": {{"secret_name": "DEPLOY", "plaintext_value": "{t}"}}}}',
            tok,
        ),
        ("$ terraform output -raw db_password\n{p}", pw),
        ('$ terraform state show random_password.db\nresource "random_password" "db" {{\n    result = "{p}"\n}}', pw),
    ]
    tpl, v = forms[t]
    return tpl.format(p=pw, t=tok), [v]


round10_custom("terraform_state_secret", "secret", _tfstate_secret, 6)


def _cookie_jar(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sid = _rs(rng, B64URL, rng.choice([32, 43, 64]))
    exp = 1710237682 + rng.randrange(10**5, 10**7)
    forms = [
        f"# Netscape HTTP Cookie File\n.acme.dev\tTRUE\t/\tTRUE\t{exp}\tsession_id\t{sid}",
        json.dumps([{"domain": ".acme.dev", "name": "__Secure-session", "value": sid, "httpOnly": True}]),
        f"Set-Cookie: __Host-sid={sid}; Path=/; Secure; HttpOnly; SameSite=Lax",
        f"curl -b 'remember_token={sid}' https://app.acme.dev/api/me",
        f"document.cookie\n'theme=dark; _ga=GA1.2.4411; sessionid={sid}'",
    ]
    return forms[t], [sid]


round10_custom("cookie_jar_export", "secret", _cookie_jar, 5)


def _name_form(rng: random.Random, t: int) -> tuple[str, list[str]]:
    n = person_name(rng)
    first, last = n.split(" ", 1)
    q = urllib.parse.urlencode({"first_name": first, "last_name": last, "plan": "pro"})
    forms = [
        (
            f"POST /signup HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\n{q}",
            [urllib.parse.quote_plus(first), urllib.parse.quote_plus(last)],
        ),
        (f'Content-Disposition: form-data; name="full_name"\n\n{n}\n--boundary--', [n]),
        (f'<input autocomplete="name" name="cardholder" value="{n}">', [n]),
        (f'["vcard", [["version", {{}}, "text", "4.0"], ["fn", {{}}, "text", "{n}"]]]', [n]),  # jCard
        (f"BEGIN:VCARD\nVERSION:4.0\nN:{last};{first};;;\nFN:{n}\nEND:VCARD", [last, n]),
        (f"?utm_source=mail&recipient_name={urllib.parse.quote(n)}", [urllib.parse.quote(n)]),
    ]
    text, needles = forms[t]
    return text, needles


round10_custom("person_name_form_fields", "pii", _name_form, 6)


# --- registry tokens in more package managers' configs, CLI session caches, dates of birth in
# thirteen more languages


def _package_config_token(rng: random.Random, t: int) -> tuple[str, list[str]]:
    tok, pw = _rs(rng, B64URL, 40), password(rng)
    q = urllib.parse.quote(pw, safe="")
    forms = [
        ('[install.scopes]\nacme = {{ token = "{t}", url = "https://npm.acme.dev/" }}', tok),  # bunfig.toml
        ('npmScopes:\n  acme:\n    npmAuthToken: "{t}"\n    npmRegistryServer: "https://npm.acme.dev"', tok),
        ("DENO_AUTH_TOKENS={t}@deno.acme.dev", tok),
        ('[[index]]\nname = "acme"\nurl = "https://ci:{q}@pypi.acme.dev/simple"', q),  # uv.toml
        ("pdm config pypi.acme.password '{p}'", pw),
        (
            "dotnet nuget add source https://nuget.acme.dev/v3/index.json -n acme -u ci -p '{p}'"
            " --store-password-in-clear-text",
            pw,
        ),
        ("conan remote login acme ci -p '{p}'", pw),
        ("dart pub token add https://pub.acme.dev\nEnter secret token: {t}", tok),
        (
            "VCPKG_BINARY_SOURCES=clear;nuget,https://nuget.acme.dev/v3/index.json,readwrite;"
            "nugettimeout,600\nVCPKG_NUGET_PASSWORD={p}",
            pw,
        ),
    ]
    tpl, v = forms[t]
    return tpl.format(t=tok, p=pw, q=q), [v]


round10_custom("package_config_token", "secret", _package_config_token, 9)


def _cli_session(rng: random.Random, t: int) -> tuple[str, list[str]]:
    sso = "aoa" + _rs(rng, B62, 250) + ":" + _rs(rng, B62 + "+/", 86) + "=="
    jwt_ = f"eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6IiJ9.{_rs(rng, B64URL, 300)}.{_rs(rng, B64URL, 342)}"
    forms = [
        (
            '$ cat ~/.aws/sso/cache/{h}.json\n{{"startUrl": "https://acme.awsapps.com/start", "accessToken": "{s}"}}',
            sso,
        ),
        ('{{"accessToken": "{j}", "expiresOn": "2024-03-12 11:01:22.000000", "tokenType": "Bearer"}}', jwt_),
        ('"AccessToken": {{"{h}": {{"credential_type": "AccessToken", "secret": "{j}"}}}}', jwt_),  # msal cache
        ("$ ibmcloud iam oauth-tokens\nIAM token:  Bearer {j}", jwt_),
        ("$ oci session authenticate --region eu-frankfurt-1\n$ cat ~/.oci/sessions/DEFAULT/token\n{j}", jwt_),
    ]
    tpl, v = forms[t]
    return tpl.format(s=sso, j=jwt_, h=_rs(rng, HEX, 40)), [v]


round10_custom("cli_session_cache", "secret", _cli_session, 5)

MONTHS10 = {
    "ca": ("Data de naixement", "gener febrer març abril maig juny juliol agost setembre octubre novembre desembre"),
    "gl": ("Data de nacemento", "xaneiro febreiro marzo abril maio xuño xullo agosto setembro outubro novembro "
           "decembro"),
    "is": ("Fæðingardagur", "janúar febrúar mars apríl maí júní júlí ágúst september október nóvember desember"),
    "ga": ("Dáta breithe", "Eanáir Feabhra Márta Aibreán Bealtaine Meitheamh Iúil Lúnasa Meán_Fómhair "
           "Deireadh_Fómhair Samhain Nollaig"),
    "tl": ("Petsa ng kapanganakan", "Enero Pebrero Marso Abril Mayo Hunyo Hulyo Agosto Setyembre Oktubre "
           "Nobyembre Disyembre"),
    "ms": ("Tarikh lahir", "Januari Februari Mac April Mei Jun Julai Ogos September Oktober November Disember"),
    "az": ("Doğum tarixi", "yanvar fevral mart aprel may iyun iyul avqust sentyabr oktyabr noyabr dekabr"),
    "uz": ("Tug'ilgan sana", "yanvar fevral mart aprel may iyun iyul avgust sentabr oktabr noyabr dekabr"),
    "ka": ("დაბადების თარიღი", "იანვარი თებერვალი მარტი აპრილი მაისი ივნისი ივლისი აგვისტო სექტემბერი "
           "ოქტომბერი ნოემბერი დეკემბერი"),
    "hy": ("Ծննդյան ամսաթիվ", "հունվարի փետրվարի մարտի ապրիլի մայիսի հունիսի հուլիսի օգոստոսի սեպտեմբերի "
           "հոկտեմբերի նոյեմբերի դեկտեմբերի"),
    "kk": ("Туған күні", "қаңтар ақпан наурыз сәуір мамыр маусым шілде тамыз қыркүйек қазан қараша желтоқсан"),
    "vi": ("Ngày sinh", ""),
    "mn": ("Төрсөн огноо", ""),
}  # fmt: skip


def dob10(rng: random.Random, lang: str | None = None) -> str:
    lang = lang or rng.choice(sorted(MONTHS10))
    y, m, d = _birth(rng)
    names = [w.replace("_", " ") for w in MONTHS10[lang][1].split()]
    if lang == "vi":
        return f"ngày {d} tháng {m} năm {y}"
    if lang == "mn":
        return f"{y} оны {m}-р сарын {d}"
    mon = names[m - 1]
    if lang == "ca":
        return f"{d} {'d' + chr(39) if mon[0] in 'ao' else 'de '}{mon} de {y}"
    if lang == "gl":
        return f"{d} de {mon} de {y}"
    if lang == "is":
        return f"{d}. {mon} {y}"
    if lang == "tl":
        return f"{mon} {d}, {y}"
    if lang == "uz":
        return f"{y}-yil {d}-{mon}"
    if lang == "hy":
        return f"{y} թ. {mon} {d}"
    if lang == "kk":
        return f"{y} жылғы {d} {mon}"
    return f"{d} {mon} {y}"


def _dob_langs10(rng: random.Random, t: int) -> tuple[str, list[str]]:
    lang = sorted(MONTHS10)[rng.randrange(len(MONTHS10))]
    v = dob10(rng, lang)
    label = MONTHS10[lang][0]
    text = _choose(
        ["{lab}: {v}", '{{"birth_date_text": "{v}"}}', "born {v}, per the form", "| {lab} | {v} |"], t, lab=label, v=v
    )
    return text, [v]


round10_custom("date_of_birth_langs10", "pii", _dob_langs10, 4)


# ---------------------------------------------------------------------------------------------
# round 11 (issue 17, branch blind11): written blind to the engine, the holdout until round 12.

ROUND11 = 11


def _extend11(name: str, make11: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-11 families (drawn by ``make11`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make11(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND11,) * n)


def round11_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND11,) * n))


def _picks11(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round11:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {C} Pascal case, {v} the value.
SECRET_FAMILIES11 = [
    "security add-generic-password -a ci -s {k} -w '{v}' -U",  # macOS keychain
    "printf '%s' '{v}' | secret-tool store --label='{k}' service acme account ci",  # libsecret
    "echo -n '{v}' | systemd-creds encrypt --name={l} - /etc/credstore.encrypted/{l}",
    "pass insert -m acme/{k} <<'EOF'\n{v}\nEOF",
    "glab variable set {L} --masked --value '{v}'",
    "koyeb secrets create {k} --value '{v}'",
    "hurl --variable {l}={v} smoke.hurl",
    "GET https://api.acme.dev/v1/me\nx-api-key: {v}\nHTTP 200",  # a Hurl file
    '{{"label": "run api", "command": "./bin/api", "env": {{"{L}": "{v}"}}}}',  # Zed task
    "local_resource('api', serve_cmd='./bin/api', serve_env={{'{L}': '{v}'}})",  # Tiltfile
    '{{\n  "packages": ["nodejs@20"],\n  "env": {{\n    "{L}": "{v}"\n  }}\n}}',  # devbox.json
    'export {L} := "{v}"\n\ndeploy:\n    ./scripts/deploy.sh',  # justfile
    'client.set_secret("{k}", "{v}")',  # Dagger
    "new secretsmanager.Secret(this, '{C}', {{ secretStringValue: SecretValue.unsafePlainText('{v}') }});",
    'buildConfigField("String", "{L}", "\\"{v}\\"")',  # Android Gradle
    "// Release.xcconfig\n{L} = {v}\nPRODUCT_BUNDLE_IDENTIFIER = dev.acme.app",
    "flutter run --release --dart-define={L}={v}",
    "ALTER DATABASE app SET app.{l} = '{v}';",
    "curl --oauth2-bearer {v} https://api.acme.dev/v1/me",
    "openssl enc -aes-256-cbc -pbkdf2 -in dump.sql -out dump.sql.enc -pass pass:{v}",
    "ssh -o SetEnv={L}={v} deploy@bastion.acme.internal ./sync.sh",
    "ValueError: invalid literal for int() with base 10: '{v}'",
    "KeyError: '{v}'\n  File \"app/auth.py\", line 41, in lookup",
    "[INF] Using {L} {v} for tenant 4411",  # a Serilog console line
    'config :acme, Acme.Client,\n  {l}: "{v}",\n  base_url: "https://api.acme.dev"',  # runtime.exs
    '"terminal.integrated.env.linux": {{\n  "{L}": "{v}"\n}}',  # VS Code settings
    "aws secretsmanager create-secret --name prod/{k} --secret-string '{v}'",
    "gcloud secrets versions add {k} --data-file=<(printf %s '{v}')",
    "wrangler secret put {L}\n? Enter a secret value: {v}\n✨ Success! Uploaded secret {L}",
    "nushell> $env.{L}\n{v}",
    "çelësi {v} nuk funksionon, marr gjithmonë 401",  # Albanian
    "{v} кілті жұмыс істемейді, үнемі 401 қайтарады",  # Kazakh
    "{v} kaliti ishlamayapti, doim 401 qaytaryapti",  # Uzbek
    "यो {v} कुञ्जी काम गर्दैन, सधैं 401 आउँछ",  # Nepali
    "ही {v} की चालत नाही, नेहमी 401 येतो",  # Marathi
]

# PII families: {f} the field in words, {k} a snake-case key, {K} its Pascal case, {c} its camel
# case, {v} the value.
PII_FAMILIES11 = [
    "{{ _id: ObjectId('65f03a1e9b1d8c2a4f1e7b22'), {k}: '{v}', plan: 'pro' }}",  # mongosh
    "$ jq -r '.customer.{k}' export.json\n{v}",
    "db.insert(customers).values({{ id: 4411, {c}: '{v}' }});",  # Drizzle
    "sheet.getRange('C2').setValue('{v}'); // {f}",  # Apps Script
    "Contact c = new Contact(LastName = 'Test', {K}__c = '{v}');",  # Apex
    "ls_customer-{k} = '{v}'.",  # ABAP
    "FTX+AAI+++{v}'",  # EDIFACT free text
    "X-ACME-{K}:{v}",  # an iCalendar extension property
    'nats pub customers.updated \'{{"id":4411,"{k}":"{v}"}}\'',
    'grpcurl -d \'{{"id": 4411, "{k}": "{v}"}}\' api.acme.dev:443 acme.v1.Customers/Update',
    "[action] updateProfile {{ {c}: '{v}' }}",  # a server action log
    'ZodError: [{{"code": "custom", "path": ["{k}"], "message": "Invalid", "received": "{v}"}}]',
    'Parameters: {{"customer"=>{{"id"=>"4411", "{k}"=>"{v}"}}}}',  # Rails
    "NOTICE:  updating customer 4411: {k} = {v}",  # PL/pgSQL RAISE NOTICE
    "MERGE INTO customers t USING (SELECT 4411 AS id, '{v}' AS {k}) s ON t.id = s.id\n"
    "WHEN MATCHED THEN UPDATE SET {k} = s.{k};",
    "spoke with the customer, confirmed {f} {v} on the call",
    "note to self — {f}: {v} (from the onboarding call)",
    'customers/4411.json: {{ "{k}": "{v}" }}  <- changed by the import',
    "{k:<14}{v}",  # a fixed-width report line
    "khách hàng cung cấp {f}: {v}, bạn kiểm tra giúp nhé",  # Vietnamese
    "zákazník uvedl {f}: {v}, můžeš to ověřit?",  # Czech
    "asiakas antoi {f}: {v}, voitko tarkistaa?",  # Finnish
    "הלקוח מסר {f}: {v}, תוכל לבדוק?",  # Hebrew
    "مشتری {f} را {v} اعلام کرد، می‌توانی بررسی کنی؟",  # Persian
]

KEY11: dict[str, str] = {}  # the keys and field names of round 11's new personal-data categories
FIELD11: dict[str, str] = {}

# Values of earlier categories whose first needle is no whole value on its own (a half of a split
# token, one URL-encoded part of a name, one coordinate).
VALUE11: dict[str, Callable[[random.Random], str]] = {
    "person_name_form_fields": person_name,
    "home_geolocation": lambda r: f"{r.uniform(-40, 60):.6f}, {r.uniform(-120, 150):.6f}",
}


def _value11(name: str, rng: random.Random) -> str:
    return VALUE11[name](rng) if name in VALUE11 else _value6(name, rng)[0]


def _generic11(name: str, kind: str, k: int = 2) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    fams = SECRET_FAMILIES11 if kind == "secret" else PII_FAMILIES11
    picks = [fams[j] for j in _picks11(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = (
        FIELD10.get(name)
        or FIELD9.get(name)
        or FIELD8.get(name)
        or FIELD7.get(name)
        or FIELD6.get(name, name.split("_")[0])
    )
    key = KEY10.get(name) or KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value11(name, rng)
        text = _choose(
            picks,
            t,
            v=v,
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            C=_pascal(label.lower()),
            K=_pascal(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


PAIR_LABELS11 = {
    **PAIR_LABELS10,
}
PAIR_FAMILIES11 = [
    '{{"env": {{"{L1}": "{a}", "{L2}": "{b}"}}, "packages": ["awscli2"]}}',  # devbox.json
    'export {L1} := "{a}"\nexport {L2} := "{b}"',  # justfile
    "security add-generic-password -a {a} -s acme-{l2} -w '{b}'",
    "// Release.xcconfig\n{L1} = {a}\n{L2} = {b}",
    "flutter build apk --dart-define={L1}={a} --dart-define={L2}={b}",
    "[INF] client configured with {L1}={a} {L2}={b}",
]


def _pair11(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    l1, l2 = PAIR_LABELS11[name]
    picks = [PAIR_FAMILIES11[j] for j in _picks11(name, len(PAIR_FAMILIES11), 2)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        a, b = _value6(name, rng)[:2]
        return _choose(picks, t, a=a, b=b, L1=l1, L2=l2, l1=l1.lower(), l2=l2.lower()), [a, b]

    return make, len(picks)


def _pem11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(5, 12))
    pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
    if t == 0:  # a Dagger / CDK secret from a literal
        return "const key = SecretValue.unsafePlainText(`" + pem + "`);", body
    # a Kotlin buildConfigField: the key as one escaped line
    return 'buildConfigField("String", "SIGNING_KEY", "\\"' + pem.replace("\n", "\\\\n") + '\\"")', body


def _pgp11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(6, 12))
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    if t == 0:  # pass(1) stores the armoured key
        return "pass insert -m release/gpg-key <<'EOF'\n" + block + "\nEOF", body
    return "gh secret set GPG_PRIVATE_KEY < release.asc\n$ cat release.asc\n" + block, body


def _gcp_sa11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 20)
    kid = _rs(rng, HEX, 40)
    obj = {
        "type": "service_account",
        "project_id": "acme-ml-2207",
        "private_key_id": kid,
        "private_key": "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n",
        "client_email": "trainer@acme-ml-2207.iam.gserviceaccount.com",
    }
    if t == 0:  # gcloud secrets with the key inline
        return "gcloud secrets versions add sa-key --data-file=- <<'EOF'\n" + json.dumps(obj, indent=1) + "\nEOF", [
            kid,
            *body,
        ]
    return "security add-generic-password -a ci -s gcp-sa -w '" + json.dumps(obj) + "'", [kid, *body]


def _putty11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(4, 8))
    ppk = (
        "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20240312\nPublic-Lines: 2\n"
        "AAAAB3NzaC1yc2EAAAADAQABAAABAQ\nC9x2f==\nPrivate-Lines: " + str(len(body)) + "\n" + "\n".join(body)
    )
    ppk += "\nPrivate-MAC: " + _rs(rng, HEX, 64)
    if t == 0:
        return "pass insert -m ssh/bastion.ppk <<'EOF'\n" + ppk + "\nEOF", body
    return "$ xclip -o\n" + ppk, body


def _apple_p811(rng: random.Random, t: int) -> tuple[str, list[str]]:
    lines = p8_key_lines(rng)
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----"
    if t == 0:  # an Expo / EAS credentials.json
        return json.dumps({"ios": {"ascApiKey": {"keyP8": pem, "keyId": _rs(rng, ALNUM_UP, 10)}}}), lines
    return "pass insert -m apple/AuthKey.p8 <<'EOF'\n" + pem + "\nEOF", lines


def _pw_url11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    q = urllib.parse.quote(pw, safe="")
    return _choose(
        [
            'client.set_secret("db-url", "postgresql://app:{q}@db.acme.internal:5432/app")',
            "ALTER SERVER reporting OPTIONS (SET dsn 'mysql://etl:{q}@mysql.acme.internal/etl');",
            '{{"env": {{"DATABASE_URL": "mongodb+srv://app:{q}@cluster0.acme.mongodb.net/app"}}}}',
            "ssh -o SetEnv=AMQP_URL=amqps://svc:{q}@mq.acme.internal/prod deploy@bastion.acme.internal",
        ],
        t,
        q=q,
    ), [pw, q]


def _webhook11(host: str, label: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (part,) = _value6(label, rng)[:1]
        url = f"{host}{part}"
        return _choose(
            [
                'POST {url}\nContent-Type: application/json\n{{"text": "deploy done"}}\nHTTP 204',  # Hurl
                "local_resource('notify', cmd='curl -sX POST -d @msg.json {url}')",
            ],
            t,
            url=url,
        ), [part]

    return make


def _winpath11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("windows_profile", rng)[:1]
    return _choose(
        [
            "DEBUG: config loaded from C:\\Users\\{u}\\AppData\\Roaming\\Zed\\settings.json",
            "hurl : error: file C:/Users/{u}/Documents/api/smoke.hurl not found",
        ],
        t,
        u=u,
    ), [u]


def _homepath11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("home_dir_user", rng)[:1]
    return _choose(
        [
            "Tiltfile:14: local_resource('api'): /home/{u}/src/api/bin/api: no such file",
            "error: could not read /Users/{u}/.config/devbox/global/devbox.json",
        ],
        t,
        u=u,
    ), [u]


def _ip11fam(name: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (v,) = _value6(name, rng)[:1]
        return _choose(
            [
                "[INF] Request from {v} rejected: rate limit",
                '{{ _id: ObjectId("65f03a1e9b1d8c2a4f1e7b22"), client_addr: "{v}", ok: false }}',
            ],
            t,
            v=v,
        ), [v]

    return make


def _recovery11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    codes = [_d(rng, 5) + "-" + _d(rng, 5) for _ in range(4)]
    forms = [
        "pass insert -m 2fa/github-recovery <<'EOF'\n" + "\n".join(codes) + "\nEOF",
        "| # | backup code |\n|---|---|\n" + "\n".join(f"| {i + 1} | {c} |" for i, c in enumerate(codes)),
    ]
    return forms[t], codes


def _passport_mrz11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    text, needles = _passport_mrz(rng, 0)
    mrz = text.split("\n", 1)[1]
    if t == 0:  # a travel booking's API payload
        return json.dumps({"traveller": {"document": {"mrz": mrz}}}), needles
    return "scanned with the kiosk:\n```\n" + mrz + "\n```", needles


def _split11(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = "glpat-" + _rs(rng, B64URL, 20) if rng.random() < 0.5 else "ghp_" + _rs(rng, B62, 36)
    cut = rng.randrange(8, len(v) - 8)
    a, b = v[:cut], v[cut:]
    if t == 0:  # SQL string concatenation
        return f"UPDATE settings SET value = '{a}' ||\n  '{b}' WHERE key = 'ci_token';", [a, b]
    return f'$token = "{a}" +\n  "{b}"', [a, b]  # PowerShell


_SPECIFIC11: dict[str, tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]] = {
    **{name: _pair11(name) for name in PAIR_LABELS11},
    "gcp_service_account": (_gcp_sa11, 2),
    "pem_private_key": (_pem11, 2),
    "pgp_private_key": (_pgp11, 2),
    "putty_private_key": (_putty11, 2),
    "apple_p8_key": (_apple_p811, 2),
    "password_url": (_pw_url11, 4),
    "slack_webhook": (_webhook11("https://hooks.slack.com/services/", "slack_webhook"), 2),
    "discord_webhook": (_webhook11("https://discord.com/api/webhooks/", "discord_webhook"), 2),
    "windows_profile": (_winpath11, 2),
    "home_dir_user": (_homepath11, 2),
    "ipv4": (_ip11fam("ipv4"), 2),
    "ipv6": (_ip11fam("ipv6"), 2),
    "ipv6_forms": (_ip11fam("ipv6_forms"), 2),
    "mfa_recovery_code": (_recovery11, 2),
    "passport_mrz": (_passport_mrz11, 2),
    "secret_split_lines": (_split11, 2),
}

for _c in list(CATS):
    if _c.name in _SPECIFIC11:
        _extend11(_c.name, *_SPECIFIC11[_c.name])
    else:
        _extend11(_c.name, *_generic11(_c.name, _c.kind))


# --- encodings and checksums of round 11's new kinds


def _keccak256(data: bytes) -> bytes:
    """Keccak-256 as Ethereum uses it (the original padding, not SHA3-256's): the compact
    formulation of the Keccak team's reference code."""
    mask = (1 << 64) - 1

    def rol(a: int, n: int) -> int:
        n %= 64
        return ((a << n) | (a >> (64 - n))) & mask if n else a

    rate = 136
    msg = bytearray(data) + b"\x01"
    msg += b"\x00" * (-len(msg) % rate)
    msg[-1] |= 0x80
    lanes = [[0] * 5 for _ in range(5)]
    for off in range(0, len(msg), rate):
        for i in range(rate // 8):
            lanes[i % 5][i // 5] ^= int.from_bytes(msg[off + 8 * i : off + 8 * i + 8], "little")
        r = 1
        for _ in range(24):
            c = [lanes[x][0] ^ lanes[x][1] ^ lanes[x][2] ^ lanes[x][3] ^ lanes[x][4] for x in range(5)]
            d = [c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
            lanes = [[lanes[x][y] ^ d[x] for y in range(5)] for x in range(5)]
            x, y = 1, 0
            cur = lanes[x][y]
            for t in range(24):
                x, y = y, (2 * x + 3 * y) % 5
                cur, lanes[x][y] = lanes[x][y], rol(cur, (t + 1) * (t + 2) // 2)
            for y in range(5):
                row = [lanes[x][y] for x in range(5)]
                for x in range(5):
                    lanes[x][y] = row[x] ^ ((~row[(x + 1) % 5]) & row[(x + 2) % 5])
            for j in range(7):
                r = ((r << 1) ^ ((r >> 7) * 0x71)) % 256
                if r & 2:
                    lanes[0][0] ^= 1 << ((1 << j) - 1)
    return b"".join(lanes[i % 5][i // 5].to_bytes(8, "little") for i in range(4))


def eip55(addr20: bytes) -> str:
    """An Ethereum address with its EIP-55 mixed-case checksum."""
    low = addr20.hex()
    h = _keccak256(low.encode()).hex()
    return "0x" + "".join(ch.upper() if ch.isalpha() and int(h[i], 16) >= 8 else ch for i, ch in enumerate(low))


_BECH32_GEN = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
BECH32_CONST, BECH32M_CONST = 1, 0x2BC830A3


def _bech32_polymod(values: list[int]) -> int:
    chk = 1
    for v in values:
        b = chk >> 25
        chk = ((chk & 0x1FFFFFF) << 5) ^ v
        for i in range(5):
            chk ^= _BECH32_GEN[i] if (b >> i) & 1 else 0
    return chk


def _to5(data: bytes) -> list[int]:
    acc = bits = 0
    out: list[int] = []
    for byte in data:
        acc, bits = (acc << 8) | byte, bits + 8
        while bits >= 5:
            bits -= 5
            out.append((acc >> bits) & 31)
    if bits:
        out.append((acc << (5 - bits)) & 31)
    return out


def bech32_encode(hrp: str, data: list[int], const: int = BECH32_CONST) -> str:
    """BIP-173 (``const`` 1) or BIP-350 bech32m (``BECH32M_CONST``) with its six-symbol checksum."""
    exp = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]
    pm = _bech32_polymod(exp + data + [0] * 6) ^ const
    charset = BECH32.lower()
    return hrp + "1" + "".join(charset[d] for d in data + [(pm >> 5 * (5 - i)) & 31 for i in range(6)])


def bech32_valid(s: str) -> bool:
    hrp, _, rest = s.rpartition("1")
    charset = BECH32.lower()
    data = [charset.index(c) for c in rest]
    exp = [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]
    return _bech32_polymod(exp + data) in (BECH32_CONST, BECH32M_CONST)


def _b58(raw: bytes) -> str:
    n = int.from_bytes(raw, "big")
    out = ""
    while n:
        n, rem = divmod(n, 58)
        out = B58[rem] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


def btc_address(r: random.Random) -> str:
    kind = r.randrange(4)
    if kind == 0:  # P2PKH
        return _b58check(b"\x00" + _rbytes(r, 20))
    if kind == 1:  # P2SH
        return _b58check(b"\x05" + _rbytes(r, 20))
    if kind == 2:  # P2WPKH, bech32
        return bech32_encode("bc", [0, *_to5(_rbytes(r, 20))])
    return bech32_encode("bc", [1, *_to5(_rbytes(r, 32))], BECH32M_CONST)  # P2TR, bech32m


def eth_address(r: random.Random) -> str:
    return eip55(_rbytes(r, 20))


def ltc_address(r: random.Random) -> str:
    if r.random() < 0.5:
        return _b58check(b"\x30" + _rbytes(r, 20))  # P2PKH (version 0x30)
    return bech32_encode("ltc", [0, *_to5(_rbytes(r, 20))])  # native segwit


def doge_address(r: random.Random) -> str:
    return _b58check(b"\x1e" + _rbytes(r, 20))  # version 0x1e


def tron_address(r: random.Random) -> str:
    return _b58check(b"\x41" + _rbytes(r, 20))  # 0x41 and the account's 20 bytes


def solana_address(r: random.Random) -> str:
    while True:  # an ed25519 public key in base58 (no checksum)
        v = _b58(_rbytes(r, 32))
        if len(v) >= 43:
            return v


TG_WORDS = ["night", "owl", "dev", "coffee", "byte", "river", "pixel", "fox", "mango", "quiet", "north", "moss"]


def _handle_base(r: random.Random) -> str:
    first, last = _ascii_slug(r.choice(FIRST)), _ascii_slug(r.choice(LAST))
    return r.choice(
        [
            f"{first}_{last[:6]}",
            f"{first}{r.randrange(10, 999)}",
            f"{r.choice(TG_WORDS)}_{first}",
            f"{first[0]}{last}",
            f"{first}.{r.choice(TG_WORDS)}",
        ]
    )


def tg_handle(r: random.Random) -> str:
    # Telegram: @ and 5 to 32 of a-z, 0-9 and _, a letter first
    return "@" + _handle_base(r).replace(".", "_")[:32]


def discord_handle(r: random.Random) -> str:
    # Discord's unique user names since 2023: 2 to 32 of a-z, 0-9, _ and .
    return _handle_base(r).replace("_", ".")[:32]


def signal_handle(r: random.Random) -> str:
    # Signal user names: a nickname, a dot and two or more digits
    return f"{_handle_base(r).replace('_', '').replace('.', '')[:20]}.{r.randrange(10, 99)}"


def threema_id(r: random.Random) -> str:
    return _rs(r, ALNUM_UP, 8)


def x_handle(r: random.Random) -> str:
    return "@" + _handle_base(r).replace(".", "_")[:15]  # X: 1 to 15 of a-z, 0-9, _


def mastodon_handle(r: random.Random) -> str:
    inst = r.choice(["mastodon.social", "hachyderm.io", "fosstodon.org", "chaos.social", "mstdn.jp"])
    return f"@{_handle_base(r).replace('.', '_')}@{inst}"


def bluesky_handle(r: random.Random) -> str:
    return f"@{_handle_base(r).replace('_', '-').replace('.', '-')}.bsky.social"


def instagram_url(r: random.Random) -> str:
    return "instagram.com/" + _handle_base(r)[:30]


def linkedin_url(r: random.Random) -> str:
    return "linkedin.com/in/" + _handle_base(r).replace("_", "-").replace(".", "-") + f"-{_rs(r, LOWER_ALNUM, 8)}"


def code_host_user(r: random.Random) -> str:
    # GitHub / GitLab user names: letters, digits and single hyphens, up to 39
    first, last = _ascii_slug(r.choice(FIRST)), _ascii_slug(r.choice(LAST))
    return r.choice([f"{first}-{last}", f"{first[0]}{last}", f"{first}{last[:3]}", f"{last}-{r.randrange(1, 99)}"])[:39]


def jmbg(r: random.Random) -> str:
    """The former Yugoslav JMBG (Serbia, Bosnia and Herzegovina, Montenegro, North Macedonia): birth
    date (DDMMYYY), region, serial and a mod-11 check (weights 7 6 5 4 3 2 twice)."""
    while True:
        y, m, d = _birth(r, 1950, 2004)
        region = r.choice(["71", "72", "80", "10", "17", "21", "26", "41", "45"])
        body = f"{d:02d}{m:02d}{y % 1000:03d}{region}{_d(r, 3)}"
        s = sum(int(body[i]) * w for i, w in enumerate([7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2]))
        k = 11 - s % 11
        if k == 10:
            continue
        return body + str(0 if k == 11 else k)


def sa_national_id(r: random.Random) -> str:
    # Saudi national id (1) or iqama (2): ten digits, the last a Luhn check
    return luhn_complete(r.choice("12"), 10, r)


def ae_emirates_id(r: random.Random) -> str:
    y = r.randrange(1960, 2005)
    v = luhn_complete(f"784{y}", 15, r)
    return f"{v[:3]}-{v[3:7]}-{v[7:14]}-{v[14]}"


def ir_national_code(r: random.Random) -> str:
    """Iran's کد ملی: nine digits and a check (sum of digit times 10..2, mod 11; below 2 itself, else
    11 minus it)."""
    body = _d(r, 9)
    s = sum(int(c) * (10 - i) for i, c in enumerate(body)) % 11
    return body + str(s if s < 2 else 11 - s)


def kw_civil_id(r: random.Random) -> str:
    """Kuwait's civil id: century (2 or 3), YYMMDD, four serial digits, a mod-11 check (weights
    2 1 6 3 7 9 10 5 8 4 2)."""
    while True:
        y, m, d = _birth(r, 1950, 2006)
        body = f"{2 if y < 2000 else 3}{y % 100:02d}{m:02d}{d:02d}{_d(r, 4)}"
        c = 11 - sum(int(ch) * w for ch, w in zip(body, [2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2], strict=True)) % 11
        if c < 10:
            return body + str(c)


def hu_tax_id(r: random.Random) -> str:
    """Hungary's adóazonosító jel: 8, days from 1867-01-01 to the birth date, three serial digits and
    a check (sum of digit times position, mod 11; 10 is never issued)."""
    import datetime

    while True:
        y, m, d = _birth(r, 1950, 2004)
        days = (datetime.date(y, m, d) - datetime.date(1867, 1, 1)).days
        body = f"8{days:05d}{_d(r, 3)}"
        c = sum(int(ch) * (i + 1) for i, ch in enumerate(body)) % 11
        if c < 10:
            return body + str(c)


def hu_taj(r: random.Random) -> str:
    # Hungary's TAJ (social insurance) number: eight digits weighted 3 and 7 alternately, mod 10
    body = _d(r, 8)
    c = sum(int(ch) * (3 if i % 2 == 0 else 7) for i, ch in enumerate(body)) % 10
    v = body + str(c)
    return f"{v[:3]} {v[3:6]} {v[6:]}"


def kz_iin(r: random.Random) -> str:
    """Kazakhstan's ЖСН / IIN: YYMMDD, a century-and-sex digit, four serial digits and a check
    (weights 1..11 mod 11, else 3..11, 1, 2; a second 10 is never issued)."""
    while True:
        y, m, d = _birth(r, 1950, 2004)
        body = f"{y % 100:02d}{m:02d}{d:02d}{r.choice('34' if y < 2000 else '56')}{_d(r, 4)}"
        c = sum(int(ch) * (i + 1) for i, ch in enumerate(body)) % 11
        if c == 10:
            c = sum(int(ch) * w for ch, w in zip(body, [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2], strict=True)) % 11
        if c < 10:
            return body + str(c)


def md_idnp(r: random.Random) -> str:
    # Moldova's IDNP: 2, the year of issue's last digits, serials, a check with weights 7 3 1
    body = "2" + f"{r.randrange(0, 24):03d}" + _d(r, 8)
    c = sum(int(ch) * (7, 3, 1)[i % 3] for i, ch in enumerate(body)) % 10
    return body + str(c)


def uz_pinfl(r: random.Random) -> str:
    # Uzbekistan's ЖШШИР / PINFL: century-and-sex, DDMMYY, district, serial, a 7-3-1 check
    y, m, d = _birth(r, 1950, 2004)
    body = f"{r.choice('34' if y < 2000 else '56')}{d:02d}{m:02d}{y % 100:02d}{_d(r, 3)}{_d(r, 3)}"
    c = sum(int(ch) * (7, 3, 1)[i % 3] for i, ch in enumerate(body)) % 10
    return body + str(c)


def a_number(r: random.Random) -> str:
    # a USCIS alien registration number: A and eight or nine digits
    v = f"{r.randrange(10**8, 3 * 10**8)}"
    return r.choice([f"A{v}", f"A-{v[:3]}-{v[3:6]}-{v[6:]}"])


def uscis_receipt(r: random.Random) -> str:
    # a USCIS case receipt: the service centre's three letters and ten digits
    return r.choice(["EAC", "WAC", "LIN", "SRC", "IOE", "MSC", "NBC"]) + _d(r, 10)


def uk_brp(r: random.Random) -> str:
    return r.choice(["ZR", "ZU", "ZX", "RF", "RG"]) + _d(r, 7)  # a biometric residence permit


def uk_share_code(r: random.Random) -> str:
    # a right-to-work share code: W and eight of a reduced alphabet, in threes
    code = "W" + _rs(r, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 8)
    return f"{code[:3]} {code[3:6]} {code[6:]}"


def in_abha(r: random.Random) -> str:
    v = "91" + _d(r, 12)  # India's ABHA health account number: 14 digits, 91 first
    return f"{v[:2]}-{v[2:6]}-{v[6:10]}-{v[10:]}"


def in_uan(r: random.Random) -> str:
    return "10" + _d(r, 10)  # an EPFO universal account number


def gr_afm(r: random.Random) -> str:
    # Greece's ΑΦΜ (every resident taxpayer has one): python-stdnum's gr.vat accepts it
    return _until_valid("gr.vat", lambda r: r.choice("01") + _d(r, 8), r)


# --- new secret categories: documented token shapes of more services and tools


def _multi11(
    formats: list[tuple[str, Callable[[random.Random], str]]],
    own: list[str],
    name: str,
    shared: int = 2,
    fits: dict[int, tuple[str, ...]] | None = None,
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several token formats: each draw picks a format (its label and generator);
    ``fits`` limits an own template to the formats (by label) its tool writes."""
    templates = own + [SECRET_FAMILIES11[j] for j in _picks11(name, len(SECRET_FAMILIES11), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        allowed = (fits or {}).get(t % len(templates))
        label, gen = rng.choice([f for f in formats if allowed is None or f[0] in allowed])
        v = gen(rng)
        text = _choose(
            templates,
            t,
            v=v,
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-"),
            c=_camel(label),
            C=_pascal(label.lower()),
        )
        return text, [v]

    return make, len(templates)


def _cisco7(r: random.Random) -> str:
    # Cisco "type 7": a reversible XOR with a published key, two decimal digits of offset then hex
    xlat = b"dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"
    pw = password(r)[:12].encode()
    off = r.randrange(0, 16)
    return f"{off:02d}" + "".join(f"{c ^ xlat[(off + i) % len(xlat)]:02X}" for i, c in enumerate(pw))


def _vnc_obfuscated(r: random.Random) -> str:
    return _rs(r, HEX, 16)  # the 8-byte DES-obfuscated password (a fixed, published key)


def _erlang_cookie(r: random.Random) -> str:
    return _rs(r, string.ascii_uppercase, 20)


def _mongo_keyfile(r: random.Random) -> str:
    return base64.b64encode(_rbytes(r, 96)).decode()


def _recaptcha_secret(r: random.Random) -> str:
    return "6L" + _rs(r, B64URL, 38)


def _steam_key(r: random.Random) -> str:
    return _rs(r, HEXU, 32)


def _rapidapi(r: random.Random) -> str:
    return f"{_rs(r, HEX, 10)}msh{_rs(r, B62, 17)}p1{_rs(r, HEX, 6)}jsn{_rs(r, HEX, 12)}"


def _onfido(r: random.Random) -> str:
    return "api_live." + _rs(r, B64URL, 11) + "." + _rs(r, B64URL, 32)


def _nsec(r: random.Random) -> str:
    return bech32_encode("nsec", _to5(_rbytes(r, 32)))


def _solana_keypair(r: random.Random) -> str:
    return "[" + ",".join(str(b) for b in _rbytes(r, 64)) + "]"


def _lnd_macaroon(r: random.Random) -> str:
    # an LND admin macaroon in hex: the v2 header, the "lnd" location, then the caveats and signature
    return "0201036c6e6402f801" + _rs(r, HEX, 440)


def _match_basic(r: random.Random) -> str:
    return base64.b64encode(f"ci-bot:ghp_{_rs(r, B62, 36)}".encode()).decode()


def _ha_token(r: random.Random) -> str:
    # a Home Assistant long-lived access token: an HS256 JWT whose iss is a 32-hex refresh-token id
    head = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
    payload = base64.urlsafe_b64encode(
        json.dumps({"iss": _rs(r, HEX, 32), "iat": 1710237682, "exp": 2025597682}, separators=(",", ":")).encode()
    ).decode()
    return f"{head}.{payload.rstrip('=')}.{_rs(r, B64URL, 43)}"


# the own templates a tool writes for one kind only (the rest take any of the category's kinds)
FITS11: dict[str, dict[int, tuple[str, ...]]] = {
    "network_device_secret": {0: ("CISCO_TYPE7",), 1: ("TACACS_KEY",), 2: ("RADIUS_SECRET",), 3: ("SNMPV3_AUTH_PASS",)},
    "remote_desktop_secret": {0: ("VNC_PASSWORD_HEX",), 1: ("RDP_PASSWORD_BLOB",), 2: ("VNC_PASSWORD_HEX",)},
    "cluster_runtime_secret": {
        1: ("ERLANG_COOKIE", "RABBITMQ_ERLANG_COOKIE"),
        2: ("ERLANG_COOKIE", "RABBITMQ_ERLANG_COOKIE"),
        3: ("REDIS_MASTERAUTH",),
    },
    "mobile_release_secret": {
        1: ("MATCH_GIT_BASIC_AUTHORIZATION",),
        2: ("ANDROID_KEYSTORE_PASSWORD",),
        3: ("CODE_PUSH_DEPLOYMENT_KEY",),
    },
    "wallet_secret_more": {1: ("SOLANA_KEYPAIR",), 2: ("LND_ADMIN_MACAROON",), 3: ("NOSTR_NSEC",)},
    "captcha_secret_key": {1: ("RECAPTCHA_SECRET_KEY",), 3: ("HCAPTCHA_SECRET",)},
    "backup_encryption_passphrase": {1: ("BORG_PASSPHRASE",), 2: ("KOPIA_PASSWORD",), 3: ("RESTIC_PASSWORD",)},
    "ml_tracking_key": {1: ("KAGGLE_KEY",), 2: ("CLEARML_API_SECRET_KEY",), 3: ("COMET_API_KEY",)},
    "game_platform_key": {1: ("STEAM_WEB_API_KEY",), 2: ("RIOT_API_KEY",), 3: ("ITCHIO_API_KEY",)},
    "smart_home_token": {1: ("HASS_TOKEN",), 2: ("IFTTT_WEBHOOK_KEY",), 3: ("HASS_TOKEN",)},
    "kyc_api_token": {1: ("ONFIDO_API_TOKEN",)},
    "commerce_platform_secret": {1: ("WOOCOMMERCE_CONSUMER_SECRET",), 2: ("WOOCOMMERCE_CONSUMER_SECRET",)},
    "fintech_api_secret": {1: ("PLAID_SECRET",), 2: ("POLYGON_API_KEY",), 3: ("RAPIDAPI_KEY",)},
    "threat_intel_api_key": {1: ("SHODAN_API_KEY",), 2: ("VT_API_KEY",)},
    "localization_api_token": {1: ("CROWDIN_PERSONAL_TOKEN",), 2: ("LOKALISE_API_TOKEN",), 3: ("TX_TOKEN",)},
    "web3_provider_key": {1: ("ALCHEMY_API_KEY",), 2: ("ETHERSCAN_API_KEY",), 3: ("INFURA_API_SECRET",)},
}


for _name11, _formats11, _own11 in [
    (
        "web3_provider_key",
        [
            ("INFURA_API_SECRET", lambda r: _rs(r, HEX, 32)),
            ("ALCHEMY_API_KEY", lambda r: _rs(r, B64URL, 32)),
            ("ETHERSCAN_API_KEY", lambda r: _rs(r, ALNUM_UP, 34)),
            ("PINATA_API_SECRET", lambda r: _rs(r, HEX, 64)),
            ("QUICKNODE_TOKEN", lambda r: _rs(r, HEX, 40)),
            ("MORALIS_API_KEY", lambda r: _rs(r, B62, 64)),
        ],
        [
            "{L}={v}",
            "RPC_URL=https://eth-mainnet.g.alchemy.com/v2/{v}",
            "etherscan: {{\n  apiKey: {{ mainnet: '{v}' }}\n}}",
            "const provider = new ethers.InfuraProvider('mainnet', projectId, '{v}');",
        ],
    ),
    (
        "wallet_secret_more",
        [
            ("NOSTR_NSEC", _nsec),
            ("SOLANA_KEYPAIR", _solana_keypair),
            ("LND_ADMIN_MACAROON", _lnd_macaroon),
        ],
        [
            "{L}={v}",
            "$ cat ~/.config/solana/id.json\n{v}",
            'lncli --macaroonpath=/dev/stdin getinfo <<< "{v}"',
            "my key for the relay is {v}, is it safe to paste into the client?",
        ],
    ),
    (
        "cms_api_token",
        [
            ("SANITY_API_TOKEN", lambda r: "sk" + _rs(r, B62, 180)),
            ("STORYBLOK_PREVIEW_TOKEN", lambda r: _rs(r, B62, 24) + "tt"),
            ("PRISMIC_ACCESS_TOKEN", lambda r: "MC5" + _rs(r, B64URL, 60) + "." + _rs(r, B64URL, 60)),
            ("STRAPI_API_TOKEN", lambda r: _rs(r, HEX, 256)),
            ("DATOCMS_API_TOKEN", lambda r: _rs(r, HEX, 30)),
            (
                "HYGRAPH_TOKEN",
                lambda r: "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + _rs(r, B64URL, 220) + "." + _rs(r, B64URL, 86),
            ),
            ("DIRECTUS_STATIC_TOKEN", lambda r: _rs(r, B64URL, 32)),
        ],
        [
            "{L}={v}",
            "export const client = createClient({{ projectId: 'x1y2z3', dataset: 'production', token: '{v}' }})",
            "cms:\n  provider: headless\n  preview_token: {v}",
            "curl -H 'Authorization: Bearer {v}' https://cms.acme.dev/api/articles?populate=*",
        ],
    ),
    (
        "localization_api_token",
        [
            ("CROWDIN_PERSONAL_TOKEN", lambda r: _rs(r, HEX, 80)),
            ("LOKALISE_API_TOKEN", lambda r: _rs(r, HEX, 40)),
            ("PHRASE_ACCESS_TOKEN", lambda r: _rs(r, HEX, 64)),
            ("TX_TOKEN", lambda r: "1/" + _rs(r, HEX, 40)),
            ("POEDITOR_API_TOKEN", lambda r: _rs(r, HEX, 32)),
        ],
        [
            "{L}={v}",
            '"project_id": 412233\n"api_token": "{v}"\n"base_path": "."',
            "lokalise2 --token {v} --project-id 5123abcd.12 file download --format json",
            "[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken = {v}",
        ],
    ),
    (
        "threat_intel_api_key",
        [
            ("SHODAN_API_KEY", lambda r: _rs(r, B62, 32)),
            ("VT_API_KEY", lambda r: _rs(r, HEX, 64)),
            ("ABUSEIPDB_API_KEY", lambda r: _rs(r, HEX, 80)),
            ("HIBP_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("URLSCAN_API_KEY", _uuid4),
            ("GREYNOISE_API_KEY", lambda r: _rs(r, B62, 64)),
        ],
        [
            "{L}={v}",
            "shodan init {v}",
            "curl -s -H 'x-apikey: {v}' https://www.virustotal.com/api/v3/files/44d88612fea8a8f36de82e1278abb02f",
            "enrichment:\n  provider: intel\n  api_key: {v}",
        ],
    ),
    (
        "kyc_api_token",
        [
            ("ONFIDO_API_TOKEN", _onfido),
            ("PERSONA_API_KEY", lambda r: "persona_production_" + _uuid4(r)),
            ("VERIFF_SHARED_SECRET", _uuid4),
            ("SUMSUB_SECRET_KEY", lambda r: _rs(r, B62, 32)),
            ("JUMIO_API_SECRET", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "curl https://api.eu.onfido.com/v3.6/applicants -H 'Authorization: Token token={v}'",
            "kyc:\n  vendor: idv\n  api_key: {v}\n  webhook_path: /kyc/events",
            "client = kyc.Client(api_key='{v}', region='EU')",
        ],
    ),
    (
        "fintech_api_secret",
        [
            ("PLAID_SECRET", lambda r: _rs(r, HEX, 30)),
            ("ALPACA_API_SECRET_KEY", lambda r: _rs(r, B62, 40)),
            ("WISE_API_TOKEN", _uuid4),
            ("TRUELAYER_CLIENT_SECRET", _uuid4),
            ("FINNHUB_API_KEY", lambda r: _rs(r, LOWER_ALNUM, 20)),
            ("POLYGON_API_KEY", lambda r: _rs(r, B62, 32)),
            ("ALPHAVANTAGE_API_KEY", lambda r: _rs(r, ALNUM_UP, 16)),
            ("RAPIDAPI_KEY", _rapidapi),
        ],
        [
            "{L}={v}",
            "client = plaid_api.PlaidApi(plaid.ApiClient(plaid.Configuration(api_key={{'secret': '{v}'}})))",
            "curl 'https://api.market.acme.dev/v2/aggs/ticker/AAPL/range/1/day/2024-01-09/2024-02-10?apiKey={v}'",
            "-H 'X-RapidAPI-Key: {v}' -H 'X-RapidAPI-Host: weather.p.rapidapi.com'",
        ],
    ),
    (
        "commerce_platform_secret",
        [
            ("WOOCOMMERCE_CONSUMER_SECRET", lambda r: "cs_" + _rs(r, HEX, 40)),
            ("BIGCOMMERCE_ACCESS_TOKEN", lambda r: _rs(r, LOWER_ALNUM, 31)),
            ("MAGENTO_ACCESS_TOKEN", lambda r: _rs(r, LOWER_ALNUM, 32)),
            ("ECWID_SECRET_TOKEN", lambda r: "secret_" + _rs(r, B62, 32)),
            ("SQUARESPACE_API_KEY", _uuid4),
        ],
        [
            "{L}={v}",
            "wcapi = API(url='https://shop.acme.dev', consumer_key=os.environ['WC_KEY'], consumer_secret='{v}')",
            "curl https://shop.acme.dev/wp-json/wc/v3/orders -u ck_3f1e9a:{v}",
            "store:\n  platform: commerce\n  access_token: {v}",
        ],
    ),
    (
        "captcha_secret_key",
        [
            ("RECAPTCHA_SECRET_KEY", _recaptcha_secret),
            ("HCAPTCHA_SECRET", lambda r: "0x" + _rs(r, HEX, 40)),
            ("TURNSTILE_SECRET_KEY", lambda r: "0x4AAAAAAA" + _rs(r, B64URL, 24)),
        ],
        [
            "{L}={v}",
            "curl -d 'secret={v}&response=$TOKEN' https://www.google.com/recaptcha/api/siteverify",
            "captcha:\n  site_key: public\n  secret_key: {v}",
            "verify(secret='{v}', response=request.form['h-captcha-response'])",
        ],
    ),
    (
        "network_device_secret",
        [
            ("CISCO_TYPE7", _cisco7),
            ("TACACS_KEY", password),
            ("RADIUS_SECRET", password),
            ("SNMPV3_AUTH_PASS", password),
        ],
        [
            "username netops privilege 15 password 7 {v}",
            "tacacs-server host 10.20.0.5 key {v}",
            "radius server corp\n address ipv4 10.20.0.6 auth-port 1812\n key {v}",
            "snmp-server user monitor v3group v3 auth sha {v} priv aes 128 {v}",
        ],
    ),
    (
        "backup_encryption_passphrase",
        [
            ("RESTIC_PASSWORD", password),
            ("BORG_PASSPHRASE", password),
            ("KOPIA_PASSWORD", password),
            ("PASSPHRASE", password),  # duplicity
        ],
        [
            "{L}={v}",
            "export BORG_PASSPHRASE='{v}'\nborg create ::home-{{now}} ~/",
            "kopia repository connect s3 --bucket=acme-backups --password='{v}'",
            "[backup]\nrepository = s3:s3.amazonaws.com/acme-restic\npassword = {v}",
        ],
    ),
    (
        "cluster_runtime_secret",
        [
            ("RABBITMQ_ERLANG_COOKIE", _erlang_cookie),
            ("ERLANG_COOKIE", _erlang_cookie),
            ("MONGODB_KEYFILE", _mongo_keyfile),
            ("REDIS_MASTERAUTH", password),
        ],
        [
            "{L}={v}",
            "$ cat ~/.erlang.cookie\n{v}",
            "iex --sname api --cookie {v} -S mix",
            "masterauth {v}\nreplicaof 10.20.0.7 6379",
        ],
    ),
    (
        "remote_desktop_secret",
        [
            ("VNC_PASSWORD_HEX", _vnc_obfuscated),
            ("RDP_PASSWORD_BLOB", lambda r: "01000000D08C9DDF0115D1118C7A00C04FC297EB01000000" + _rs(r, HEXU, 300)),
        ],
        [
            "[Server]\nPassword={v}\nAlwaysShared=1",
            "full address:s:jump.acme.internal\nusername:s:ops\npassword 51:b:{v}",
            '"HKCU\\Software\\TightVNC\\Server" Password REG_BINARY {v}',
            "remote:\n  protocol: vnc\n  password_hex: {v}",
        ],
    ),
    (
        "mobile_release_secret",
        [
            ("MATCH_PASSWORD", password),
            ("MATCH_GIT_BASIC_AUTHORIZATION", _match_basic),
            ("CODE_PUSH_DEPLOYMENT_KEY", lambda r: _rs(r, B64URL, 36) + "-" + _rs(r, LOWER_ALNUM, 4)),
            ("ANDROID_KEYSTORE_PASSWORD", password),
        ],
        [
            "{L}={v}",
            "match(type: 'appstore', git_basic_authorization: '{v}')",
            "storeFile=release.jks\nstorePassword={v}\nkeyAlias=upload",
            "appcenter codepush release-react -a acme/app -d Production --deployment-key {v}",
        ],
    ),
    (
        "game_platform_key",
        [
            ("STEAM_WEB_API_KEY", _steam_key),
            ("RIOT_API_KEY", lambda r: "RGAPI-" + _uuid4(r)),
            ("ITCHIO_API_KEY", lambda r: _rs(r, B62, 40)),
            ("ROBLOX_OPEN_CLOUD_KEY", lambda r: _rs(r, B64URL, 120)),
        ],
        [
            "{L}={v}",
            "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key={v}&steamids=76561197960435530",
            "curl -H 'X-Riot-Token: {v}' https://euw1.api.riotgames.com/lol/status/v4/platform-data",
            "butler login --api-key {v}",
        ],
    ),
    (
        "ml_tracking_key",
        [
            ("COMET_API_KEY", lambda r: _rs(r, B62, 25)),
            (
                "NEPTUNE_API_TOKEN",
                lambda r: base64.b64encode(
                    json.dumps({"api_address": "https://app.neptune.ai", "api_key": _uuid4(r)}).encode()
                ).decode(),
            ),
            ("CLEARML_API_SECRET_KEY", lambda r: _rs(r, B62, 50)),
            ("KAGGLE_KEY", lambda r: _rs(r, HEX, 32)),
            ("ROBOFLOW_API_KEY", lambda r: _rs(r, B62, 20)),
        ],
        [
            "{L}={v}",
            '$ cat ~/.kaggle/kaggle.json\n{{"username": "acmeml", "key": "{v}"}}',
            'api {{\n  credentials {{ access_key: "ACMEKEY01", secret_key: "{v}" }}\n}}',
            "experiment = Experiment(api_key='{v}', project_name='ranker')",
        ],
    ),
    (
        "smart_home_token",
        [
            ("HASS_TOKEN", _ha_token),
            ("HUE_USERNAME", lambda r: _rs(r, B62 + "-", 40)),
            ("IFTTT_WEBHOOK_KEY", lambda r: _rs(r, B64URL, 22)),
            ("SMARTTHINGS_PAT", _uuid4),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: Bearer {v}' http://homeassistant.local:8123/api/states",
            "https://maker.ifttt.com/trigger/door_open/with/key/{v}",
            "homeassistant:\n  token: {v}\n  url: http://homeassistant.local:8123",
        ],
    ),
]:
    round11_custom(_name11, "secret", *_multi11(_formats11, _own11, _name11, fits=FITS11.get(_name11)))


def _byte_dump(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A token shown as bytes: ``xxd -p`` hex, a Python bytes literal of escapes, a Go byte slice."""
    v = rng.choice([f"ghp_{_rs(rng, B62, 36)}", f"sk_live_{_rs(rng, B62, 24)}", f"glpat-{_rs(rng, B64URL, 20)}"])
    raw = v.encode()
    if t == 0:
        hx = raw.hex()
        return "$ xxd -p .token\n" + hx, [hx]
    if t == 1:
        esc = "".join(f"\\x{b:02x}" for b in raw)
        return f"TOKEN = b'{esc}'", [esc]
    arr = ", ".join(f"0x{b:02x}" for b in raw)
    return "var token = []byte{" + arr + "}", [arr]


round11_custom("secret_byte_dump", "secret", _byte_dump, 3)


# --- new personal-data categories


def _pii11(name: str, kinds: list[tuple[str, Callable[[random.Random], str]]], own: list[str], key: str) -> None:
    """A new personal-data category of one or more kinds (a field label and a generator each): its
    own templates and two of the shared families, ``{f}`` the drawn kind's label."""
    GENS[name] = lambda r: kinds[r.randrange(len(kinds))][1](r)
    FIELD11[name] = kinds[0][0]
    KEY11[name] = key
    shared = [PII_FAMILIES11[j] for j in _picks11(name, len(PII_FAMILIES11), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        fname, gen = kinds[rng.randrange(len(kinds))]
        v = gen(rng)
        text = _choose(templates, t, v=v, f=fname, k=key, K=_pascal(key), c=_camel(key))
        return text, [v]

    round11_custom(name, "pii", make, len(templates))


NEW_PII11: list[tuple[str, list[tuple[str, Callable[[random.Random], str]]], list[str], str]] = [
    (
        "social_handle_messaging",
        [("Telegram", tg_handle), ("Discord", discord_handle), ("Signal", signal_handle), ("Threema", threema_id)],
        [
            "reach me on {f}: {v}",
            "my {f} is {v} if the issue tracker is down",
            "{f}: {v} (preferred over e-mail)",
            "ping me on {f} ({v}) when the deploy is done",
        ],
        "messenger_handle",
    ),
    (
        "social_handle_public",
        [
            ("X", x_handle),
            ("Mastodon", mastodon_handle),
            ("Bluesky", bluesky_handle),
            ("Instagram", instagram_url),
            ("LinkedIn", linkedin_url),
        ],
        [
            "you can find me on {f} as {v}",
            "author: {v} ({f})",
            "thanks to {v} on {f} for the bug report!",
            "{f} profile: {v}",
        ],
        "social_profile",
    ),
    (
        "code_host_mention",
        [("GitHub user", code_host_user)],
        [
            "ping @{v} about the flaky test",
            "cc @{v} can you rerun it?",
            "* @{v}\n/docs/ @{v}",  # CODEOWNERS
            '"reviewers": ["{v}"]',
        ],
        "github_user",
    ),
    (
        "crypto_address_btc",
        [("BTC address", btc_address)],
        [
            "send the refund to my BTC address {v}",
            "payout_address: {v}",
            "bitcoin-cli getreceivedbyaddress {v} 1",
            "my wallet {v} never got the withdrawal",
        ],
        "btc_address",
    ),
    (
        "crypto_address_eth",
        [("ETH address", eth_address)],
        [
            "my wallet is {v}, the airdrop never arrived",
            'whitelist: ["{v}"]',
            "cast balance {v} --rpc-url $RPC_URL",
            "Payout wallet (ERC-20): {v}",
        ],
        "eth_address",
    ),
    (
        "crypto_address_other",
        [
            ("Litecoin address", ltc_address),
            ("Dogecoin address", doge_address),
            ("TRON address", tron_address),
            ("Solana address", solana_address),
        ],
        [
            "withdraw to my {f} {v} please",
            "deposit_address: {v}",
            "user wallet {v} shows 0 after the swap",
            "{f}: {v}",
        ],
        "wallet_address",
    ),
    ("yu_jmbg", [("JMBG", jmbg), ("ЈМБГ", jmbg)], ["{f}: {v}", "moj {f} je {v}", "matični broj {v}"], "jmbg"),
    (
        "mena_national_id",
        [
            ("رقم الهوية", sa_national_id),
            ("Emirates ID", ae_emirates_id),
            ("کد ملی", ir_national_code),
            ("Civil ID", kw_civil_id),
        ],
        ["{f}: {v}", "my {f} is {v}", "{f} no. {v} attached"],
        "national_id",
    ),
    (
        "hu_personal_number",
        [("adóazonosító jel", hu_tax_id), ("TAJ szám", hu_taj)],
        ["{f}: {v}", "az {f} {v}", "{f} {v} (ügyfél)"],
        "azonosito",
    ),
    (
        "central_asia_id",
        [("ИИН", kz_iin), ("IDNP", md_idnp), ("ПИНФЛ", uz_pinfl)],
        ["{f}: {v}", "мой {f} {v}", "{f} {v}, проверь пожалуйста"],
        "personal_number",
    ),
    (
        "immigration_case_number",
        [
            ("A-Number", a_number),
            ("USCIS receipt number", uscis_receipt),
            ("BRP number", uk_brp),
            ("share code", uk_share_code),
        ],
        ["my {f} is {v}", "{f}: {v}", "{f} {v} still pending"],
        "immigration_ref",
    ),
    (
        "in_health_employment_id",
        [("ABHA number", in_abha), ("UAN", in_uan)],
        ["{f}: {v}", "my {f} is {v}", "{f} {v} not linked yet"],
        "abha_or_uan",
    ),
    (
        "gr_afm",
        [("ΑΦΜ", gr_afm), ("AFM", gr_afm)],
        ["{f}: {v}", "ο {f} μου είναι {v}", "{f} {v} για το τιμολόγιο"],
        "afm",
    ),
]

for _name11, _kinds11, _own11, _key11 in NEW_PII11:
    _pii11(_name11, _kinds11, _own11, _key11)


# national ids of earlier rounds, unlabelled, in fixed-width listings
_FIXED_ID_GENS = ["ssn", "uk_nino", "nl_bsn", "fr_nir", "pl_pesel", "se_personnummer", "be_national_number", "es_dni"]


def _fixed_width_ids(rng: random.Random, t: int) -> tuple[str, list[str]]:
    gen = GENS[_FIXED_ID_GENS[rng.randrange(len(_FIXED_ID_GENS))]]
    vals = [gen(rng) for _ in range(3)]
    rows = [f"{4400 + i:06d}  {v:<22}{rng.choice(['A', 'B', 'C'])}  2024-03-{10 + i:02d}" for i, v in enumerate(vals)]
    if t == 0:
        return "REC#    REF                   CL  DATE\n" + "\n".join(rows), vals
    if t == 1:
        return "```\n" + "\n".join(rows) + "\n```\nwhy does the parser drop the third column?", vals
    return "00000001HDR20240312\n" + "\n".join("D" + r.replace("  ", " ") for r in rows) + "\n99999999TRL", [
        v for v in vals
    ]


round11_custom("national_id_fixed_width", "pii", _fixed_width_ids, 3)


# --- more round-11 secret kinds: service key material, extension stores, IoT, video, calendars,
# accounting and HR platforms


def _keytab_b64(r: random.Random) -> str:
    # a Kerberos keytab (format 0x0502, then entries) as base64: starts BQI
    return base64.b64encode(b"\x05\x02\x00\x00\x00" + bytes([r.randrange(0x40, 0x80)]) + _rbytes(r, 90)).decode()


def _onion_secret_b64(r: random.Random) -> str:
    # Tor's hs_ed25519_secret_key file: a 32-byte tagged header and the 64-byte expanded key
    return base64.b64encode(b"== ed25519v1-secret: type0 ==\x00\x00\x00" + _rbytes(r, 64)).decode()


def _harvest_pat(r: random.Random) -> str:
    return f"{r.randrange(10**6, 10**7)}.pt.{_rs(r, B64URL, 86)}"


for _name11, _formats11, _own11, _fits11 in [
    (
        "service_key_material",
        [("KRB5_KEYTAB_B64", _keytab_b64), ("ONION_SECRET_KEY_B64", _onion_secret_b64)],
        [
            "{L}={v}",
            "$ base64 -w0 /etc/krb5.keytab\n{v}",
            "$ base64 -w0 /var/lib/tor/api/hs_ed25519_secret_key\n{v}",
            "kerberos:\n  principal: HTTP/api.acme.internal@ACME.INTERNAL\n  keytab_b64: {v}",
        ],
        {1: ("KRB5_KEYTAB_B64",), 2: ("ONION_SECRET_KEY_B64",), 3: ("KRB5_KEYTAB_B64",)},
    ),
    (
        "extension_store_secret",
        [
            ("AMO_JWT_SECRET", lambda r: _rs(r, HEX, 64)),
            ("EDGE_CLIENT_SECRET", lambda r: _rs(r, B62 + "~._-", 40)),
            ("CWS_CLIENT_SECRET", lambda r: "GOCSPX-" + _rs(r, B64URL, 28)),
        ],
        [
            "{L}={v}",
            "web-ext sign --api-key=user:12345678:901 --api-secret={v} --channel=listed",
            "publish:\n  store: addons\n  client_secret: {v}",
            "chrome-webstore-upload --client-secret {v} --extension-id aapbdbdomjkkjkaonfhkkikfgjllcleb",
        ],
        {1: ("AMO_JWT_SECRET",)},
    ),
    (
        "iot_platform_token",
        [
            ("PARTICLE_ACCESS_TOKEN", lambda r: _rs(r, HEX, 40)),
            ("BALENA_API_KEY", lambda r: _rs(r, B62, 32)),
            ("BLYNK_AUTH_TOKEN", lambda r: _rs(r, B64URL, 32)),
            ("ARDUINO_CLIENT_SECRET", lambda r: _rs(r, B62, 64)),
        ],
        [
            "{L}={v}",
            "particle login --token {v}",
            '#define BLYNK_AUTH_TOKEN "{v}"',
            "fleet:\n  provider: iot\n  api_key: {v}",
        ],
        {1: ("PARTICLE_ACCESS_TOKEN",), 2: ("BLYNK_AUTH_TOKEN",)},
    ),
    (
        "video_rtc_secret",
        [
            ("MUX_TOKEN_SECRET", lambda r: _rs(r, B62 + "+/", 75)),
            ("VIMEO_ACCESS_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("DAILY_API_KEY", lambda r: _rs(r, HEX, 64)),
            ("LIVEKIT_API_SECRET", lambda r: _rs(r, B62, 43)),
            ("AGORA_APP_CERTIFICATE", lambda r: _rs(r, HEX, 32)),
        ],
        [
            "{L}={v}",
            "livekit-cli create-token --api-key APIx7Qz2 --api-secret {v} --join --room demo",
            "video:\n  provider: streaming\n  token_secret: {v}",
            "RtcTokenBuilder.buildTokenWithUid(appId, '{v}', channel, uid, role, expire)",
        ],
        {1: ("LIVEKIT_API_SECRET",), 3: ("AGORA_APP_CERTIFICATE",)},
    ),
    (
        "calendar_api_token",
        [
            ("CAL_API_KEY", lambda r: "cal_live_" + _rs(r, HEX, 32)),
            ("NYLAS_API_KEY", lambda r: "nyk_v0_" + _rs(r, B62, 48)),
            (
                "CALENDLY_PAT",
                lambda r: (
                    "eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0MDIzZjdjMzJiZTgzNDliMjM4MDEzNWI0IiwidHlwIjoiUEFUIiwiYWxnIjoiRVMyNTYifQ."
                    + _rs(r, B64URL, 200)
                    + "."
                    + _rs(r, B64URL, 86)
                ),
            ),
            ("CRONOFY_CLIENT_SECRET", lambda r: _rs(r, B64URL, 43)),
        ],
        [
            "{L}={v}",
            "curl 'https://api.cal.com/v1/bookings?apiKey={v}'",
            "scheduling:\n  provider: calendar\n  api_key: {v}",
            "const nylas = new Nylas({{ apiKey: '{v}', apiUri: 'https://api.eu.nylas.com' }});",
        ],
        {1: ("CAL_API_KEY",), 3: ("NYLAS_API_KEY",)},
    ),
    (
        "accounting_api_secret",
        [
            ("XERO_CLIENT_SECRET", lambda r: _rs(r, B64URL, 48)),
            ("QBO_CLIENT_SECRET", lambda r: _rs(r, B62, 40)),
            ("HARVEST_ACCESS_TOKEN", _harvest_pat),
            ("FRESHBOOKS_CLIENT_SECRET", lambda r: _rs(r, HEX, 64)),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: Bearer {v}' -H 'Harvest-Account-Id: 1234567' https://api.harvestapp.com/v2/users/me",
            "accounting:\n  provider: ledger\n  client_secret: {v}",
            "xero = XeroClient(client_id='4F1B2C3D5E6F7A8B9C0D1E2F3A4B5C6D', client_secret='{v}')",
        ],
        {1: ("HARVEST_ACCESS_TOKEN",), 3: ("XERO_CLIENT_SECRET",)},
    ),
    (
        "hr_platform_token",
        [
            ("BAMBOOHR_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("PERSONIO_CLIENT_SECRET", lambda r: "papi-" + _rs(r, B64URL, 48)),
            ("DEEL_API_TOKEN", lambda r: _rs(r, B62, 64)),
            ("GUSTO_API_TOKEN", lambda r: _rs(r, B64URL, 43)),
        ],
        [
            "{L}={v}",
            "curl -u '{v}:x' https://api.bamboohr.com/api/gateway.php/acme/v1/employees/directory",
            "hris:\n  provider: people\n  api_token: {v}",
            "headers = {{'Authorization': f'Bearer {{os.environ.get(\"HR_TOKEN\", \"{v}\")}}'}}",
        ],
        {1: ("BAMBOOHR_API_KEY",)},
    ),
]:
    round11_custom(_name11, "secret", *_multi11(_formats11, _own11, _name11, fits=_fits11))


# --- more round-11 personal data: a car's VIN, a phone's IMEI, payment handles, ids of more
# countries


_VIN_VALUES = {
    **{str(d): d for d in range(10)},
    **dict(zip("ABCDEFGH", range(1, 9), strict=True)),
    **dict(zip("JKLMN", range(1, 6), strict=True)),
    "P": 7,
    "R": 9,
    **dict(zip("STUVWXYZ", range(2, 10), strict=True)),
}
_VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
_VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def vin(r: random.Random) -> str:
    """A vehicle identification number (ISO 3779; no I, O, Q) with the North American check digit
    in position 9 (transliterated values times weights, mod 11, 10 written X)."""
    wmi = r.choice(["1HG", "1FA", "2T1", "3VW", "5YJ", "WBA", "WVW", "JHM", "KMH", "SAL"])
    body = wmi + _rs(r, _VIN_CHARS, 5) + "0" + r.choice("LMNPRSTV") + _rs(r, _VIN_CHARS, 1) + _d(r, 6)
    c = sum(_VIN_VALUES[ch] * w for ch, w in zip(body, _VIN_WEIGHTS, strict=True)) % 11
    return body[:8] + ("X" if c == 10 else str(c)) + body[9:]


def imei(r: random.Random) -> str:
    # 8-digit type allocation code, 6-digit serial, a Luhn check
    v = luhn_complete(r.choice(["35", "86", "01", "49"]) + _d(r, 6), 15, r)
    return r.choice([v, f"{v[:2]}-{v[2:8]}-{v[8:14]}-{v[14]}"])


def upi_id(r: random.Random) -> str:
    return f"{_handle_base(r).replace('_', '.')}@{r.choice(['okaxis', 'oksbi', 'ybl', 'paytm', 'okhdfcbank', 'ibl'])}"


def pix_key(r: random.Random) -> str:
    return _uuid4(r)  # a Pix "chave aleatória" (EVP)


def cashtag(r: random.Random) -> str:
    return "$" + _handle_base(r).replace("_", "").replace(".", "")[:20]


def venmo_handle(r: random.Random) -> str:
    return "@" + "-".join(p.title() for p in person_name(r).replace("'", "").split()[:2]) + f"-{r.randrange(1, 99)}"


def paypal_me(r: random.Random) -> str:
    return "paypal.me/" + _handle_base(r).replace("_", "").replace(".", "")


def ng_nin(r: random.Random) -> str:
    return str(r.randrange(1, 10)) + _d(r, 10)  # Nigeria's NIN: eleven digits


def gh_card(r: random.Random) -> str:
    return f"GHA-{r.randrange(7, 8)}{_d(r, 8)}-{_d(r, 1)}"  # Ghana Card personal id number


def bd_nid(r: random.Random) -> str:
    # Bangladesh's NID: ten digits (smart card) or seventeen (birth year first)
    return r.choice([lambda: str(r.randrange(1, 10)) + _d(r, 9), lambda: str(r.randrange(1960, 2004)) + _d(r, 13)])()


def lu_matricule(r: random.Random) -> str:
    """Luxembourg's national identification number: YYYYMMDD, three digits, a Luhn digit and a
    Verhoeff digit, both over the first eleven."""
    y, m, d = _birth(r, 1950, 2004)
    body = f"{y}{m:02d}{d:02d}{_d(r, 3)}"
    luhn = luhn_complete(body, 12, r)[-1]
    c = 0
    for i, ch in enumerate(reversed(body)):
        c = _VD[c][_VP[(i + 1) % 8][int(ch)]]
    return body + luhn + str(_VINV[c])


for _name11, _kinds11, _own11, _key11 in [
    (
        "vehicle_vin",
        [("VIN", vin)],
        ["my car's VIN is {v}", "VIN: {v}", "the recall lookup says {v} is not affected"],
        "vin",
    ),
    (
        "device_imei",
        [("IMEI", imei)],
        ["my phone's IMEI is {v}", "IMEI: {v}", "*#06# shows {v} on her phone"],
        "imei",
    ),
    (
        "payment_handle",
        [
            ("UPI ID", upi_id),
            ("Pix key", pix_key),
            ("Cash App", cashtag),
            ("Venmo", venmo_handle),
            ("PayPal", paypal_me),
        ],
        ["pay me via {f}: {v}", "refund to my {f} {v} please", "{f} {v} (for the reimbursement)"],
        "payout_handle",
    ),
    (
        "africa_south_asia_id",
        [("NIN", ng_nin), ("Ghana Card", gh_card), ("NID", bd_nid)],
        ["{f}: {v}", "my {f} number is {v}", "{f} {v} failed verification"],
        "national_id_no",
    ),
    (
        "lu_matricule",
        [("matricule", lu_matricule), ("numéro d'identification", lu_matricule)],
        ["{f}: {v}", "mon {f} est {v}", "Sozialversicherungsnummer {v}"],
        "matricule",
    ),
]:
    _pii11(_name11, _kinds11, _own11, _key11)


# ---------------------------------------------------------------------------------------------
# round 12 (issue 17, branch blind12): written blind to the engine; the holdout while round 11 joins
# dev. Two new families for every earlier category (rounds 1 to 11), then categories no earlier
# round plants.

ROUND12 = 12


def _extend12(name: str, make12: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-12 families (drawn by ``make12`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make12(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND12,) * n)


def round12_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND12,) * n))


def _picks12(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round12:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {C} Pascal case, {v} the value. How a value reaches a prompt: a tool's output or dump, a
# config file of a tool no earlier round wrote, a browser's "copy as", a trace of a CI step.
SECRET_FAMILIES12 = [
    'fetch("https://api.acme.dev/v2/jobs", {{\n  "headers": {{\n    "accept": "application/json",\n'
    '    "x-{k}": "{v}"\n  }},\n  "method": "GET"\n}});',  # devtools: copy as fetch
    "$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\nInvoke-WebRequest -UseBasicParsing "
    '-Uri "https://api.acme.dev/v2/jobs" -WebSession $session -Headers @{{"x-{k}"="{v}"}}',  # copy as PowerShell
    "$ docker inspect api-7 --format '{{{{json .Config.Env}}}}'\n"
    '["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin", "{L}={v}", "PORT=8080"]',
    "$ sudo cat /proc/4411/environ | tr '\\0' '\\n' | grep {L}\n{L}={v}",
    "$ strings core.4411 | grep -m1 {L}\n{L}={v}",
    "$ kubectl get secret api -o jsonpath='{{.data.{l}}}' | base64 -d\n{v}",
    "$ pm2 env 0 | grep -i {l}\n{l}: {v}",
    "    Environment:\n      PORT:        8080\n      {L}:  {v}\n    Mounts:",  # kubectl describe pod
    "$ systemctl show api -p Environment\nEnvironment=PORT=8080 {L}={v}",
    "$ gopass show -o acme/{k}\n{v}",
    "$ bw get password acme-{k}\n{v}",
    '# ~/.config/chezmoi/chezmoi.toml\n[data]\n    {l} = "{v}"',
    "$ ansible-vault view group_vars/prod/vault.yml\nVault password:\nvault_{l}: {v}",
    "+ export {L}={v}\n+ ./scripts/migrate.sh --env prod",  # a CI step's set -x trace
    '{{\n  "profiles": {{\n    "Api": {{\n      "commandName": "Project",\n      "environmentVariables": {{\n'
    '        "{L}": "{v}"\n      }}\n    }}\n  }}\n}}',  # launchSettings.json
    '{{\n  "IsEncrypted": false,\n  "Values": {{\n    "FUNCTIONS_WORKER_RUNTIME": "python",\n'
    '    "{L}": "{v}"\n  }}\n}}',  # Azure Functions local.settings.json
    "runtime: python312\nenv_variables:\n  {L}: '{v}'",  # App Engine app.yaml
    '[build.environment]\n  NODE_VERSION = "20"\n  {L} = "{v}"',  # netlify.toml
    "services:\n  - type: web\n    name: api\n    envVars:\n      - key: {L}\n        value: {v}",  # render.yaml
    '{{"name": "prod", "data": [{{"name": "{l}", "value": "{v}"}}]}}',  # Thunder Client environment
    "access-tokens = github.com={v}",  # nix.conf
    "[testenv]\nsetenv =\n    {L} = {v}\ncommands = pytest",  # tox.ini
    "[pytest]\nenv =\n    {L}={v}",  # pytest-env
    "# local.properties\nsdk.dir=/opt/android-sdk\n{l}={v}",
    '  "{L}" => "{v}",  # config/secrets.exs copied from prod',
    "Terraform will perform the following actions:\n  ~ {l} = (sensitive value)\n\n"
    'Outputs:\n{l} = "{v}"',  # an output marked sensitive after `terraform output -raw`
    "{l}\t{v}\tprod\t2024-03-12",  # a row of a TSV secret export
    "mae'r allwedd {v} yn methu, dw i'n cael 401 o hyd",  # Welsh
    "{v} gakoak ez du funtzionatzen, beti 401 jasotzen dut",  # Basque
    "ይህ {v} ቁልፍ አይሰራም፣ ሁልጊዜ 401 ይመልሳል",  # Amharic
    "{v} എന്ന കീ പ്രവർത്തിക്കുന്നില്ല, എപ്പോഴും 401 കിട്ടുന്നു",  # Malayalam
    "{v} కీ పని చేయడం లేదు, ఎప్పుడూ 401 వస్తోంది",  # Telugu
    "ukhiye {v} awusebenzi, ngihlala ngithola u-401",  # Zulu
    "{v} түлхүүр ажиллахгүй байна, үргэлж 401 гарч байна",  # Mongolian
    "{v} કી કામ કરતી નથી, હંમેશા 401 આવે છે",  # Gujarati
]

# PII families: {f} the field in words, {k} a snake-case key, {K} its Pascal case, {c} its camel
# case, {v} the value.
PII_FAMILIES12 = [
    "-[ RECORD 1 ]+------\nid         | 4411\n{k} | {v}",  # psql \x
    "*************************** 1. row ***************************\n      id: 4411\n{k}: {v}",  # mysql \G
    "   id = 4411\n{k} = {v}",  # sqlite3 .mode line
    '{{"index": {{"_id": "4411"}}}}\n{{"{k}": "{v}", "plan": "pro"}}',  # OpenSearch _bulk
    'INSERT INTO customers FORMAT JSONEachRow {{"id": 4411, "{k}": "{v}"}}',  # ClickHouse
    "kcadm.sh update users/4411 -r acme -s 'attributes.{k}=[\"{v}\"]'",  # Keycloak admin CLI
    "aws cognito-idp admin-update-user-attributes --user-pool-id eu-west-1_Ab12Cd --username u4411 "
    "--user-attributes Name=custom:{k},Value='{v}'",
    'PATCH /api/v2/users/auth0%7C4411\n{{"user_metadata": {{"{k}": "{v}"}}}}',
    'resource "okta_user" "u4411" {{\n  login = "u4411"\n  {k} = "{v}"\n}}',
    "mixpanel.people.set({{ '{k}': '{v}' }});",
    '{{app="api"}} |= "{v}"',  # a Loki query pasted from Grafana
    '@usr.{k}:"{v}"',  # a Datadog log search
    'exports[`profile card renders 1`] = `\n<div class="card">\n  {v}\n</div>\n`;',  # Jest snapshot
    "export const Filled = {{ args: {{ {c}: '{v}' }} }};",  # Storybook
    "t('greeting', {{ {c}: '{v}' }})",  # i18n interpolation
    "render_template('welcome.html', {k}='{v}')",
    '#table({{"id", "{k}"}}, {{{{4411, "{v}"}}}})',  # Power Query M
    "│ 4411 │ {v} │",  # a DuckDB box row
    "INFO  verify: {k}='{v}' matched=true",
    "the caller read out {f} {v} and asked us to update it",
    "{f}: {v} — copied from the scanned form, please double-check",
    "ymwelodd y cwsmer, {f}: {v}",  # Welsh
    "bezeroak emandako {f}: {v}, egiaztatu mesedez",  # Basque
    "ደንበኛው የሰጠው {f}: {v}፣ እባክህ አረጋግጥ",  # Amharic
    "ഉപഭോക്താവ് നൽകിയ {f}: {v}, ഒന്ന് പരിശോധിക്കാമോ?",  # Malayalam
    "కస్టమర్ ఇచ్చిన {f}: {v}, ఒకసారి చెక్ చేయగలరా?",  # Telugu
    "ikhasimende linikeze {f}: {v}, ngicela uhlole",  # Zulu
]

KEY12: dict[str, str] = {}  # the keys and field names of round 12's new personal-data categories
FIELD12: dict[str, str] = {}


def _generic12(name: str, kind: str, k: int = 2) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    fams = SECRET_FAMILIES12 if kind == "secret" else PII_FAMILIES12
    picks = [fams[j] for j in _picks12(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = (
        FIELD11.get(name)
        or FIELD10.get(name)
        or FIELD9.get(name)
        or FIELD8.get(name)
        or FIELD7.get(name)
        or FIELD6.get(name, name.split("_")[0])
    )
    key = KEY11.get(name) or KEY10.get(name) or KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value11(name, rng)
        text = _choose(
            picks,
            t,
            v=v,
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            C=_pascal(label.lower()),
            K=_pascal(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


PAIR_FAMILIES12 = [
    '$ docker inspect worker --format \'{{{{json .Config.Env}}}}\'\n["{L1}={a}", "{L2}={b}"]',
    '{{"IsEncrypted": false, "Values": {{"{L1}": "{a}", "{L2}": "{b}"}}}}',  # local.settings.json
    "+ export {L1}={a}\n+ export {L2}={b}",  # set -x
    "env_variables:\n  {L1}: '{a}'\n  {L2}: '{b}'",  # app.yaml
    "$ gopass show acme/{l2}\n{b}\nuser: {a}",
    "[testenv]\nsetenv =\n    {L1} = {a}\n    {L2} = {b}",
]


def _pair12(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    l1, l2 = PAIR_LABELS11[name]
    picks = [PAIR_FAMILIES12[j] for j in _picks12(name, len(PAIR_FAMILIES12), 2)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        a, b = _value6(name, rng)[:2]
        return _choose(picks, t, a=a, b=b, L1=l1, L2=l2, l1=l1.lower(), l2=l2.lower()), [a, b]

    return make, len(picks)


def _pem12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = pem_body(rng, rng.randrange(5, 12))
    pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
    if t == 0:  # read back from a password manager's CLI
        return "$ gopass show -o infra/deploy-key\n" + pem, body
    # a Secret's data as kubectl decodes it
    return "$ kubectl get secret deploy-key -o jsonpath='{.data.id_rsa}' | base64 -d\n" + pem, body


def _pgp12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(6, 12))
    block = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + "\n-----END PGP PRIVATE KEY BLOCK-----"
    if t == 0:
        return "$ ansible-vault view roles/release/vars/gpg.yml\nVault password:\ngpg_key: |\n  " + block.replace(
            "\n", "\n  "
        ), body
    return "$ bw get notes release-gpg\n" + block, body


def _gcp_sa12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, 20)
    kid = _rs(rng, HEX, 40)
    obj = {
        "type": "service_account",
        "project_id": "acme-data-3318",
        "private_key_id": kid,
        "private_key": "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----\n",
        "client_email": "loader@acme-data-3318.iam.gserviceaccount.com",
    }
    if t == 0:  # Azure Functions settings with the key as one escaped JSON string
        return json.dumps({"IsEncrypted": False, "Values": {"GCP_SA_JSON": json.dumps(obj)}}, indent=2), [kid, *body]
    return "$ docker inspect etl --format '{{json .Config.Env}}'\n" + json.dumps(
        ["GOOGLE_CREDENTIALS=" + json.dumps(obj)]
    ), [kid, *body]


def _putty12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    body = pem_body(rng, rng.randrange(4, 8))
    ppk = (
        "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: imported-openssh-key\nPublic-Lines: 2\n"
        "AAAAB3NzaC1yc2EAAAADAQABAAABAQ\nDm4k==\nPrivate-Lines: " + str(len(body)) + "\n" + "\n".join(body)
    )
    ppk += "\nPrivate-MAC: " + _rs(rng, HEX, 40)
    if t == 0:
        return "$ gopass show -o ssh/jump.ppk\n" + ppk, body
    return "$ bw get notes jump-host-ppk\n" + ppk, body


def _apple_p812(rng: random.Random, t: int) -> tuple[str, list[str]]:
    lines = p8_key_lines(rng)
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----"
    if t == 0:  # fastlane's App Store Connect key as a JSON file, from a CI step's trace
        return "+ cat $ASC_KEY_PATH\n" + json.dumps({"key_id": _rs(rng, ALNUM_UP, 10), "key": pem}), lines
    return "$ gopass show -o apple/asc-key.p8\n" + pem, lines


def _pw_url12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    pw = password(rng)
    q = urllib.parse.quote(pw, safe="")
    return _choose(
        [
            '["PATH=/usr/local/bin", "DATABASE_URL=postgres://api:{q}@pg.acme.internal:5432/api"]',
            "env_variables:\n  CACHE_URL: 'redis://default:{q}@cache.acme.internal:6379/0'",
            "+ export BROKER_URL=amqp://worker:{q}@mq.acme.internal:5672/prod",
            '{{"IsEncrypted": false, "Values": {{"SqlConn": "mssql://sa:{q}@sql.acme.internal:1433/app"}}}}',
        ],
        t,
        q=q,
    ), [pw, q]


def _webhook12(host: str, label: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (part,) = _value6(label, rng)[:1]
        url = f"{host}{part}"
        return _choose(
            [
                "+ curl -fsS -X POST -H 'Content-Type: application/json' -d @payload.json {url}",
                'fetch("{url}", {{\n  "body": "{{\\"text\\":\\"ok\\"}}",\n  "method": "POST"\n}});',
            ],
            t,
            url=url,
        ), [part]

    return make


def _winpath12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("windows_profile", rng)[:1]
    return _choose(
        [
            '"commandLineArgs": "--config C:\\\\Users\\\\{u}\\\\source\\\\api\\\\appsettings.Local.json"',
            "func : Can't determine project language from files in C:\\Users\\{u}\\src\\fn-app",
        ],
        t,
        u=u,
    ), [u]


def _homepath12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    (u,) = _value6("home_dir_user", rng)[:1]
    return _choose(
        [
            "ERROR: InvocationError for command /home/{u}/src/api/.tox/py312/bin/pytest (exited with code 1)",
            "chezmoi: /Users/{u}/.local/share/chezmoi/dot_zshrc.tmpl: template: map has no entry",
        ],
        t,
        u=u,
    ), [u]


def _ip12fam(name: str) -> Callable[[random.Random, int], tuple[str, list[str]]]:
    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        (v,) = _value6(name, rng)[:1]
        return _choose(
            [
                "-[ RECORD 1 ]+--------\nid        | 4411\nlast_ip   | {v}",
                '{{app="edge"}} |= "{v}"',
            ],
            t,
            v=v,
        ), [v]

    return make


def _recovery12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    codes = [
        _rs(rng, "abcdefghjkmnpqrstuvwxyz23456789", 4) + "-" + _rs(rng, "abcdefghjkmnpqrstuvwxyz23456789", 4)
        for _ in range(5)
    ]
    if t == 0:
        return "$ bw get notes aws-root-mfa\n" + "\n".join(codes), codes
    return "$ gopass show -o 2fa/okta-backup\n" + "\n".join(codes), codes


def _passport_mrz12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    text, needles = _passport_mrz(rng, 0)
    mrz = text.split("\n", 1)[1]
    if t == 0:  # a check-in kiosk's log line, the two lines joined by a separator
        return "kiosk[2231]: doc scanned raw=" + mrz.replace("\n", "|"), needles
    return "-[ RECORD 1 ]+------\nbooking   | QX7TR2\nmrz       | " + mrz.replace("\n", "\n          | "), needles


def _split12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = (
        "xoxb-" + _d(rng, 11) + "-" + _d(rng, 12) + "-" + _rs(rng, B62, 24)
        if rng.random() < 0.5
        else ("sk_live_" + _rs(rng, B62, 24))
    )
    cut = rng.randrange(8, len(v) - 8)
    a, b = v[:cut], v[cut:]
    if t == 0:  # a Makefile variable continued on the next line
        return f"TOKEN := {a}\\\n{b}", [a, b]
    return f'const token = [\n  "{a}",\n  "{b}",\n].join("");', [a, b]  # joined in JavaScript


_SPECIFIC12: dict[str, tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]] = {
    **{name: _pair12(name) for name in PAIR_LABELS11},
    "gcp_service_account": (_gcp_sa12, 2),
    "pem_private_key": (_pem12, 2),
    "pgp_private_key": (_pgp12, 2),
    "putty_private_key": (_putty12, 2),
    "apple_p8_key": (_apple_p812, 2),
    "password_url": (_pw_url12, 4),
    "slack_webhook": (_webhook12("https://hooks.slack.com/services/", "slack_webhook"), 2),
    "discord_webhook": (_webhook12("https://discord.com/api/webhooks/", "discord_webhook"), 2),
    "windows_profile": (_winpath12, 2),
    "home_dir_user": (_homepath12, 2),
    "ipv4": (_ip12fam("ipv4"), 2),
    "ipv6": (_ip12fam("ipv6"), 2),
    "ipv6_forms": (_ip12fam("ipv6_forms"), 2),
    "mfa_recovery_code": (_recovery12, 2),
    "passport_mrz": (_passport_mrz12, 2),
    "secret_split_lines": (_split12, 2),
}

for _c in list(CATS):
    if _c.name in _SPECIFIC12:
        _extend12(_c.name, *_SPECIFIC12[_c.name])
    else:
        _extend12(_c.name, *_generic12(_c.name, _c.kind))


# --- round 12's new secret kinds: recovery keys, key material in other containers, webhook and
# deploy-hook URLs of more services, signed URLs of more clouds, data-platform and identity tokens,
# mesh-VPN enrolment keys, enterprise SaaS tokens, more cloud keys, signing passphrases


def _multi12(
    formats: list[tuple[str, Callable[[random.Random], str]]],
    own: list[str],
    name: str,
    fits: dict[int, tuple[str, ...]] | None = None,
    shared: int = 2,
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several formats (a label and a generator each): its own templates and two of
    round 12's shared families; ``fits`` limits an own template to the formats its tool writes."""
    templates = own + [SECRET_FAMILIES12[j] for j in _picks12(name, len(SECRET_FAMILIES12), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        allowed = (fits or {}).get(t % len(templates))
        label, gen = rng.choice([f for f in formats if allowed is None or f[0] in allowed])
        v = gen(rng)
        text = _choose(
            templates,
            t,
            v=v,
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-"),
            c=_camel(label),
            C=_pascal(label.lower()),
        )
        return text, [v]

    return make, len(templates)


def bitlocker_recovery(r: random.Random) -> str:
    """A BitLocker recovery password: eight blocks of six digits, each block eleven times a 16-bit
    value (so divisible by 11 and below 720896), as ``manage-bde`` prints it."""
    return "-".join(f"{11 * r.randrange(0, 65536):06d}" for _ in range(8))


def filevault_recovery(r: random.Random) -> str:
    # a FileVault personal recovery key: six groups of four letters and digits
    return "-".join(_rs(r, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 4) for _ in range(6))


def vault_unseal_key(r: random.Random) -> str:
    # a Shamir share of Vault's root key as `vault operator init` prints it (33 bytes, base64)
    return base64.b64encode(_rbytes(r, 33)).decode()


def luks_keyfile_b64(r: random.Random) -> str:
    return base64.b64encode(_rbytes(r, 64)).decode()


def tink_keyset_value(r: random.Random) -> str:
    # an AesGcmKey proto (field 3, 32 bytes) as Tink's JSON keyset writes its "value": base64 "GiA…"
    return base64.b64encode(b"\x1a\x20" + _rbytes(r, 32)).decode()


def kms_data_key(r: random.Random) -> str:
    return base64.b64encode(_rbytes(r, 32)).decode()  # `aws kms generate-data-key` Plaintext


def pkcs12_b64(r: random.Random) -> str:
    # a PFX: SEQUENCE (long form), version 3, then the authenticated safe: base64 "MII…AgEDMII…"
    n = r.randrange(1800, 3000)
    head = b"\x30\x82" + n.to_bytes(2, "big") + b"\x02\x01\x03\x30\x82" + (n - 40).to_bytes(2, "big")
    return base64.b64encode(head + _rbytes(r, 180)).decode()


def kirbi_b64(r: random.Random) -> str:
    # a Kerberos KRB-CRED (APPLICATION 22) as tools export a ticket: base64 "doI…"
    n = r.randrange(1200, 1700)
    return base64.b64encode(b"\x76\x82" + n.to_bytes(2, "big") + b"\x30\x82" + _rbytes(r, 150)).decode()


def dingtalk_token(r: random.Random) -> str:
    return _rs(r, HEX, 64)


def rocketchat_hook(r: random.Random) -> str:
    return _rs(r, B62, 17) + "/" + _rs(r, B62, 48)


def vercel_deploy_hook(r: random.Random) -> str:
    return "prj_" + _rs(r, B62, 28) + "/" + _rs(r, B62, 10)


def render_deploy_hook(r: random.Random) -> str:
    return "srv-" + _rs(r, string.ascii_lowercase + string.digits, 20) + "?key=" + _rs(r, B64URL, 11)


def make_hook(r: random.Random) -> str:
    return _rs(r, string.ascii_lowercase + string.digits, 32)


def _oss_signature(r: random.Random) -> str:
    return urllib.parse.quote(base64.b64encode(_rbytes(r, 20)).decode(), safe="")


def _oci_par(r: random.Random) -> str:
    return _rs(r, B62 + "-_", 64)


def tinybird_token(r: random.Random) -> str:
    body = json.dumps({"u": _uuid4(r), "id": _uuid4(r), "host": "gcp-europe-west3"}, separators=(",", ":"))
    return "p." + base64.urlsafe_b64encode(body.encode()).decode().rstrip("=") + "." + _rs(r, B64URL, 43)


def motherduck_token(r: random.Random) -> str:
    head = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
    payload = json.dumps(
        {"session": f"{username(r)}.acme.dev", "email": "ci@acme.dev", "userId": _uuid4(r), "iat": 1710237682},
        separators=(",", ":"),
    )
    return f"{head}.{base64.urlsafe_b64encode(payload.encode()).decode().rstrip('=')}.{_rs(r, B64URL, 43)}"


def cloudflared_token(r: random.Random) -> str:
    # `cloudflared service install <token>`: base64 JSON of the account tag, tunnel id and secret
    obj = {"a": _rs(r, HEX, 32), "t": _uuid4(r), "s": base64.b64encode(_rbytes(r, 32)).decode()}
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode()


def salesforce_session(r: random.Random) -> str:
    return "00D" + _rs(r, B62, 12) + "!" + _rs(r, B62 + ".", 96)


def intercom_token(r: random.Random) -> str:
    return base64.b64encode(f"tok:{_uuid4(r)}:1:0".encode()).decode().rstrip("=")


def cosmos_key(r: random.Random) -> str:
    return base64.b64encode(_rbytes(r, 64)).decode()  # 88 characters ending "=="


for _name12, _formats12, _own12, _fits12 in [
    (
        "disk_recovery_key",
        [
            ("BITLOCKER_RECOVERY_PASSWORD", bitlocker_recovery),
            ("FILEVAULT_RECOVERY_KEY", filevault_recovery),
            ("VAULT_UNSEAL_KEY", vault_unseal_key),
            ("LUKS_KEYFILE_B64", luks_keyfile_b64),
        ],
        [
            "{L}={v}",
            "PS C:\\> manage-bde -protectors -get C:\n\n    Numerical Password:\n      ID: {{6F1A22C4-9B1D-4C8E-A3F2-"
            "0D7E51B2C9A4}}\n      Password:\n        {v}",
            "$ sudo fdesetup changerecovery -personal\nEnter the user name:admin\nNew personal recovery key = '{v}'",
            "Unseal Key 1: {v}\nUnseal Key 2: (in the other envelope)\n\nVault initialized with 5 key shares",
            "my laptop is asking for the recovery key after the BIOS update, is this the one? {v}",
        ],
        {
            1: ("BITLOCKER_RECOVERY_PASSWORD",),
            2: ("FILEVAULT_RECOVERY_KEY",),
            3: ("VAULT_UNSEAL_KEY",),
        },
    ),
    (
        "key_material_container",
        [
            ("TINK_KEYSET_VALUE", tink_keyset_value),
            ("KMS_DATA_KEY_PLAINTEXT", kms_data_key),
            ("PKCS12_BUNDLE_B64", pkcs12_b64),
            ("KRB5_TICKET_KIRBI", kirbi_b64),
        ],
        [
            "{L}={v}",
            '{{"primaryKeyId": 1931667682, "key": [{{"keyData": {{"typeUrl": '
            '"type.googleapis.com/google.crypto.tink.AesGcmKey", "value": "{v}", "keyMaterialType": "SYMMETRIC"}}, '
            '"status": "ENABLED", "keyId": 1931667682, "outputPrefixType": "TINK"}}]}}',
            '$ aws kms generate-data-key --key-id alias/app --key-spec AES_256\n{{\n    "CiphertextBlob": "AQIDAHg...",'
            '\n    "Plaintext": "{v}",\n    "KeyId": "arn:aws:kms:eu-west-1:111122223333:key/app"\n}}',
            "signing:\n  pfx_base64: {v}\n  pfx_password_env: SIGNING_PFX_PASSWORD",
            "[*] base64(ticket.kirbi):\n\n      {v}",
        ],
        {
            1: ("TINK_KEYSET_VALUE",),
            2: ("KMS_DATA_KEY_PLAINTEXT",),
            3: ("PKCS12_BUNDLE_B64",),
            4: ("KRB5_TICKET_KIRBI",),
        },
    ),
    (
        "chat_bot_webhook_asia",
        [
            ("DINGTALK_ACCESS_TOKEN", dingtalk_token),
            ("FEISHU_HOOK_ID", _uuid4),
            ("LARK_HOOK_ID", _uuid4),
            ("WECOM_WEBHOOK_KEY", _uuid4),
            ("ROCKETCHAT_HOOK", rocketchat_hook),
        ],
        [
            "{L}={v}",
            "https://oapi.dingtalk.com/robot/send?access_token={v}",
            "https://open.feishu.cn/open-apis/bot/v2/hook/{v}",
            "https://open.larksuite.com/open-apis/bot/v2/hook/{v}",
            "curl 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key={v}' -H 'Content-Type: application/json' "
            '-d \'{{"msgtype": "text", "text": {{"content": "deploy ok"}}}}\'',
            "https://chat.acme.dev/hooks/{v}",
        ],
        {
            1: ("DINGTALK_ACCESS_TOKEN",),
            2: ("FEISHU_HOOK_ID",),
            3: ("LARK_HOOK_ID",),
            4: ("WECOM_WEBHOOK_KEY",),
            5: ("ROCKETCHAT_HOOK",),
        },
    ),
    (
        "deploy_hook_url",
        [
            ("NETLIFY_BUILD_HOOK", lambda r: _rs(r, HEX, 24)),
            ("VERCEL_DEPLOY_HOOK", vercel_deploy_hook),
            ("RENDER_DEPLOY_HOOK", render_deploy_hook),
            ("CF_PAGES_DEPLOY_HOOK", _uuid4),
            ("MAKE_WEBHOOK", make_hook),
        ],
        [
            "{L}={v}",
            "curl -X POST -d {{}} https://api.netlify.com/build_hooks/{v}",
            "curl -X POST https://api.vercel.com/v1/integrations/deploy/{v}",
            "- run: curl -fsS 'https://api.render.com/deploy/{v}'",
            "https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/{v}",
            "scenario trigger: https://hook.eu1.make.com/{v}",
        ],
        {
            1: ("NETLIFY_BUILD_HOOK",),
            2: ("VERCEL_DEPLOY_HOOK",),
            3: ("RENDER_DEPLOY_HOOK",),
            4: ("CF_PAGES_DEPLOY_HOOK",),
            5: ("MAKE_WEBHOOK",),
        },
    ),
    (
        "signed_url_more_clouds",
        [
            ("OSS_SIGNATURE", _oss_signature),
            ("COS_SIGNATURE", lambda r: _rs(r, HEX, 40)),
            ("OCI_PAR_TOKEN", _oci_par),
            ("FIREBASE_DOWNLOAD_TOKEN", _uuid4),
            ("AKAMAI_HMAC", lambda r: _rs(r, HEX, 64)),
            ("BUNNY_TOKEN", lambda r: _rs(r, B64URL, 43)),
        ],
        [
            "{L}={v}",
            "https://acme-exports.oss-cn-hangzhou.aliyuncs.com/2024/03/report.csv?OSSAccessKeyId=LTAI5t7Qm2Xw"
            "&Expires=1710324082&Signature={v}",
            "https://exports-1250000000.cos.ap-guangzhou.myqcloud.com/report.csv?q-sign-algorithm=sha1&q-ak=AKIDz8k"
            "&q-sign-time=1710237682;1710324082&q-key-time=1710237682;1710324082&q-header-list=host"
            "&q-url-param-list=&q-signature={v}",
            "https://objectstorage.eu-frankfurt-1.oraclecloud.com/p/{v}/n/acmens/b/exports/o/report.csv",
            "https://firebasestorage.googleapis.com/v0/b/acme-app.appspot.com/o/avatars%2F4411.png?alt=media&token={v}",
            "https://media.acme.dev/video/intro.mp4?__token__=exp=1710324082~acl=/video/*~hmac={v}",
            "https://acme.b-cdn.net/private/report.pdf?token={v}&expires=1710324082",
        ],
        {
            1: ("OSS_SIGNATURE",),
            2: ("COS_SIGNATURE",),
            3: ("OCI_PAR_TOKEN",),
            4: ("FIREBASE_DOWNLOAD_TOKEN",),
            5: ("AKAMAI_HMAC",),
            6: ("BUNNY_TOKEN",),
        },
    ),
    (
        "data_platform_token",
        [
            ("DBT_CLOUD_API_TOKEN", lambda r: "dbtc_" + _rs(r, B64URL, 48)),
            ("MB_API_KEY", lambda r: "mb_" + _rs(r, B62 + "+/", 44)),
            ("TINYBIRD_TOKEN", tinybird_token),
            ("MOTHERDUCK_TOKEN", motherduck_token),
            ("FIVETRAN_API_SECRET", lambda r: _rs(r, B62, 32)),
            ("TABLEAU_PAT_SECRET", lambda r: _rs(r, B64URL, 22) + ":" + _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "# ~/.dbt/dbt_cloud.yml\nprojects:\n  - project-id: '70403103924301'\n    account-host: cloud.getdbt.com\n"
            "    token-value: {v}",
            "curl -H 'x-api-key: {v}' https://metabase.acme.dev/api/card",
            "tb auth --token {v} --host https://api.europe-west3.gcp.tinybird.co",
            "duckdb 'md:analytics?motherduck_token={v}'",
            "tableau:\n  pat_name: ci\n  pat_secret: {v}",
        ],
        {
            1: ("DBT_CLOUD_API_TOKEN",),
            2: ("MB_API_KEY",),
            3: ("TINYBIRD_TOKEN",),
            4: ("MOTHERDUCK_TOKEN",),
            5: ("TABLEAU_PAT_SECRET",),
        },
    ),
    (
        "identity_integration_secret",
        [
            ("DUO_SKEY", lambda r: _rs(r, B62, 40)),
            ("ONELOGIN_CLIENT_SECRET", lambda r: _rs(r, HEX, 64)),
            ("JUMPCLOUD_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("PINGONE_CLIENT_SECRET", lambda r: _rs(r, B64URL + "~.", 64)),
        ],
        [
            "{L}={v}",
            "[duo]\nikey = DI" + "4XKQ7N2M9B1V8C3Z5R6T" + "\nskey = {v}\nhost = api-1a2b3c4d.duosecurity.com",
            "onelogin:\n  client_id: 2f1e0d9c8b7a\n  client_secret: {v}",
            "curl -H 'x-api-key: {v}' https://console.jumpcloud.com/api/systemusers",
        ],
        {1: ("DUO_SKEY",), 2: ("ONELOGIN_CLIENT_SECRET",), 3: ("JUMPCLOUD_API_KEY",)},
    ),
    (
        "mesh_vpn_enrolment_key",
        [
            ("TUNNEL_TOKEN", cloudflared_token),
            ("ZEROTIER_API_TOKEN", lambda r: _rs(r, B62, 32)),
            ("NB_SETUP_KEY", lambda r: _uuid4(r).upper()),
            ("HEADSCALE_PREAUTH_KEY", lambda r: _rs(r, HEX, 48)),
        ],
        [
            "{L}={v}",
            "sudo cloudflared service install {v}",
            "curl -H 'Authorization: token {v}' https://api.zerotier.com/api/v1/network",
            "netbird up --setup-key {v} --management-url https://netbird.acme.dev",
            "tailscale up --login-server https://hs.acme.dev --authkey {v}",
        ],
        {
            1: ("TUNNEL_TOKEN",),
            2: ("ZEROTIER_API_TOKEN",),
            3: ("NB_SETUP_KEY",),
            4: ("HEADSCALE_PREAUTH_KEY",),
        },
    ),
    (
        "enterprise_saas_token",
        [
            ("SF_ACCESS_TOKEN", salesforce_session),
            ("ADOBE_CLIENT_SECRET", lambda r: "p8e-" + _rs(r, B64URL, 32)),
            ("INTERCOM_ACCESS_TOKEN", intercom_token),
            ("BOX_DEVELOPER_TOKEN", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "sf org display --target-org prod\n\nAccess Token     {v}\nInstance Url     https://acme.my.salesforce.com",
            "adobe_io:\n  client_id: 7c1f0e2b9a8d4c3e\n  client_secret: {v}",
            "curl https://api.intercom.io/me -H 'Authorization: Bearer {v}'",
        ],
        {1: ("SF_ACCESS_TOKEN",), 2: ("ADOBE_CLIENT_SECRET",), 3: ("INTERCOM_ACCESS_TOKEN",)},
    ),
    (
        "cloud_service_key_more",
        [
            ("COSMOS_DB_KEY", cosmos_key),
            ("AZURE_OPENAI_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("GCS_HMAC_SECRET", lambda r: _rs(r, B62 + "+/", 40)),
        ],
        [
            "{L}={v}",
            "AccountEndpoint=https://acme-prod.documents.azure.com:443/;AccountKey={v};",
            "curl https://acme-oai.openai.azure.com/openai/deployments/gpt/chat/completions?api-version=2024-06-01 "
            "-H 'api-key: {v}'",
            "[Credentials]\ngs_access_key_id = GOOG1E7QZ4M2XK9PLW3RTB6NVC8YH5JD2FA0SUGEK4MW7PX2QR9TZ3LB\n"  # .boto
            "gs_secret_access_key = {v}",
        ],
        {1: ("COSMOS_DB_KEY",), 2: ("AZURE_OPENAI_API_KEY",), 3: ("GCS_HMAC_SECRET",)},
    ),
    (
        "signing_passphrase",
        [
            ("DOCKER_CONTENT_TRUST_ROOT_PASSPHRASE", password),
            ("DOCKER_CONTENT_TRUST_REPOSITORY_PASSPHRASE", password),
            ("GPG_PASSPHRASE", password),
        ],
        [
            "{L}={v}",
            "export DOCKER_CONTENT_TRUST=1 {L}='{v}'\ndocker trust sign registry.acme.dev/api:1.4.0",
            "gpg --batch --pinentry-mode loopback --passphrase '{v}' --detach-sign dist/app.tar.gz",
        ],
        {
            1: ("DOCKER_CONTENT_TRUST_ROOT_PASSPHRASE", "DOCKER_CONTENT_TRUST_REPOSITORY_PASSPHRASE"),
            2: ("GPG_PASSPHRASE",),
        },
    ),
]:
    round12_custom(_name12, "secret", *_multi12(_formats12, _own12, _name12, fits=_fits12))


def _ci_unmasked(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A CI log that masks a secret once, then prints it unmasked: decoded, traced by ``set -x``,
    or echoed by a tool the runner's masking does not know."""
    v = rng.choice([_rs(rng, B62, rng.randrange(24, 41)), password(rng), _rs(rng, HEX, 40)])
    label = rng.choice(["DEPLOY_KEY", "REGISTRY_PASSWORD", "SIGNING_TOKEN", "RELEASE_SECRET"])
    forms = [
        f"Run ./scripts/release.sh\n  env:\n    {label}: ***\n+ echo 'logging in'\n"
        f"+ skopeo login -u ci -p {v} registry.acme.dev",
        f"##[debug]Evaluating: secrets.{label}\n##[debug]=> '***'\n...\n"
        f"[release] resolved {label.lower()}={v} from the fallback file",
        f"$ echo ${label} | base64 -d\n{v}\n(the runner masked ${label} but not its decoded value)",
        f"[Pipeline] sh\n+ curl -fsS -u ci:**** https://nexus.acme.internal/service/rest/v1/status\n"
        f"+ curl -fsS -u ci:{v} https://nexus.acme.internal/service/rest/v1/status",
    ]
    return forms[t], [v]


round12_custom("ci_log_unmasked_secret", "secret", _ci_unmasked, 4)


# --- round 12's new personal data


def _pii12(name: str, kinds: list[tuple[str, Callable[[random.Random], str]]], own: list[str], key: str) -> None:
    """A new personal-data category of one or more kinds (a field label and a generator each): its
    own templates and two of round 12's shared families, ``{f}`` the drawn kind's label."""
    GENS[name] = lambda r: kinds[r.randrange(len(kinds))][1](r)
    FIELD12[name] = kinds[0][0]
    KEY12[name] = key
    shared = [PII_FAMILIES12[j] for j in _picks12(name, len(PII_FAMILIES12), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        fname, gen = kinds[rng.randrange(len(kinds))]
        v = gen(rng)
        text = _choose(templates, t, v=v, f=fname, k=key, K=_pascal(key), c=_camel(key))
        return text, [v]

    round12_custom(name, "pii", make, len(templates))


def ru_snils(r: random.Random) -> str:
    """Russia's SNILS: nine digits and a check (the digits weighted 9 to 1; below 100 the sum itself,
    100 and 101 give 00, above that the sum mod 101, where 100 gives 00)."""
    while True:
        d = _d(r, 9)
        if int(d) > 1001998:  # (the check is defined above 001-001-998)
            break
    s = sum(int(c) * (9 - i) for i, c in enumerate(d))
    c = s if s < 100 else 0 if s in (100, 101) else s % 101 % 100
    return f"{d[:3]}-{d[3:6]}-{d[6:]} {c:02d}"


_RVNR_AREAS = [
    "02",
    "03",
    "04",
    "08",
    "09",
    "10",
    "11",
    "12",
    "13",
    "14",
    "15",
    "16",
    "17",
    "18",
    "19",
    "21",
    "23",
    "24",
    "25",
    "26",
    "28",
    "29",
    "38",
    "39",
    "40",
    "42",
    "43",
    "44",
    "45",
    "46",
    "47",
    "48",
    "49",
    "50",
    "51",
    "52",
    "53",
    "54",
    "55",
    "56",
    "57",
    "58",
    "59",
    "60",
    "61",
    "62",
    "63",
    "64",
    "65",
    "66",
]


def de_rvnr(r: random.Random) -> str:
    """Germany's Rentenversicherungsnummer: area, birth date DDMMYY, the birth name's initial,
    a serial (00-49 men, 50-99 women) and a check digit: the letter as its two-digit position,
    weights 2 1 2 5 7 1 2 1 2 1 2 1, the digit sums of the products added, mod 10."""
    y, m, d = _birth(r)
    letter = r.choice("ABDEFGHKLMNPRSTW")
    head = f"{r.choice(_RVNR_AREAS)}{d:02d}{m:02d}{y % 100:02d}"
    serial = f"{r.randrange(0, 100):02d}"
    digits = head + f"{ord(letter) - 64:02d}" + serial
    total = sum(
        sum(map(int, str(int(c) * w))) for c, w in zip(digits, [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1], strict=True)
    )
    v = f"{head}{letter}{serial}{total % 10}"
    return r.choice([v, f"{v[:2]} {v[2:8]} {v[8]} {v[9:]}"])


def pt_niss(r: random.Random) -> str:
    # Portugal's NISS: eleven digits, a person's starting 1; check = 9 - (weighted sum mod 10)
    body = "1" + _d(r, 9)
    s = sum(int(c) * w for c, w in zip(body, [29, 23, 19, 17, 13, 11, 7, 5, 3, 2], strict=True))
    return body + str(9 - s % 10)


def br_cns(r: random.Random) -> str:
    """Brazil's Cartão Nacional de Saúde: fifteen digits whose sum weighted 15 down to 1 is a multiple
    of 11 (definitive numbers from a PIS, starting 1 or 2; provisional ones starting 7, 8 or 9)."""
    if r.random() < 0.5:
        pis = r.choice("12") + _d(r, 10)
        s = sum(int(c) * (15 - i) for i, c in enumerate(pis))
        dv = 11 - s % 11
        if dv == 11:
            dv = 0
        v = pis + "000" + str(dv) if dv != 10 else pis + "001" + str(11 - (s + 2) % 11)
    else:
        while True:
            body = r.choice("789") + _d(r, 13)
            dv = -sum(int(c) * (15 - i) for i, c in enumerate(body)) % 11
            if dv < 10:
                v = body + str(dv)
                break
    return f"{v[:3]} {v[3:7]} {v[7:11]} {v[11:]}"


def br_titulo(r: random.Random) -> str:
    """Brazil's título de eleitor: eight digits, the state code (03-28 here; SP and MG have their own
    rule) and two checks: the digits weighted 2 to 9 mod 11, then state digits and the first check
    weighted 7 8 9 mod 11 (10 writes 0)."""
    seq = _d(r, 8)
    uf = f"{r.randrange(3, 29):02d}"
    d1 = sum(int(c) * w for c, w in zip(seq, range(2, 10), strict=True)) % 11 % 10
    d2 = (int(uf[0]) * 7 + int(uf[1]) * 8 + d1 * 9) % 11 % 10
    return f"{seq[:4]} {seq[4:]} {uf}{d1}{d2}"


def ktn(r: random.Random) -> str:
    return "TT" + _rs(r, ALNUM_UP, 7)  # a TSA PreCheck Known Traveler Number


def passid(r: random.Random) -> str:
    return r.choice(["98", "15", "16"]) + _d(r, 7)  # Global Entry / NEXUS / SENTRI PASSID


def redress(r: random.Random) -> str:
    return str(r.randrange(1, 10)) + _d(r, 6)  # DHS TRIP redress number


def frequent_flyer(r: random.Random) -> str:
    return r.choice([lambda: _d(r, 8), lambda: "992" + _d(r, 12), lambda: _rs(r, ALNUM_UP, 7)])()


for _name12, _kinds12, _own12, _key12 in [
    (
        "social_insurance_more",
        [("Rentenversicherungsnummer", de_rvnr), ("NISS", pt_niss), ("СНИЛС", ru_snils)],
        ["{f}: {v}", "{f} {v} (payroll record)", "my {f} is {v}", '"social_insurance_no": "{v}"'],
        "social_insurance_no",
    ),
    (
        "br_health_voter_id",
        [("CNS", br_cns), ("título de eleitor", br_titulo), ("Cartão SUS", br_cns)],
        ["{f}: {v}", "meu {f} é {v}", "paciente com {f} {v} não encontrado", '"cns": "{v}"'],
        "cns_or_titulo",
    ),
    (
        "trusted_traveller_id",
        [
            ("Known Traveler Number", ktn),
            ("PASSID", passid),
            ("Redress Number", redress),
            ("frequent flyer number", frequent_flyer),
        ],
        [
            "my {f} is {v}, please add it to the booking",
            "{f}: {v}",
            '"traveler": {{"knownTravelerNumber": "{v}"}}',
            "traveller profile updated: {f} = {v}",
        ],
        "ktn",
    ),
]:
    _pii12(_name12, _kinds12, _own12, _key12)


def _dicom_patient(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """Patient tags of a DICOM header as dump tools print them: name (Family^Given), id, birth date."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    pn = f"{last}^{first}".upper() if rng.random() < 0.5 else f"{last}^{first}"
    pid = rng.choice([_d(rng, 8), "H" + _d(rng, 7), f"MRN{_d(rng, 6)}"])
    y, m, d = _birth(rng, 1940, 2020)
    dob = f"{y}{m:02d}{d:02d}"
    forms = [
        f"(0010,0010) PN [{pn}]{' ' * 8}#  {len(pn):2d}, 1 PatientName\n"
        f"(0010,0020) LO [{pid}]{' ' * 8}#  {len(pid):2d}, 1 PatientID\n"
        f"(0010,0030) DA [{dob}]{' ' * 8}#   8, 1 PatientBirthDate",
        f"(0010, 0010) Patient's Name                      PN: '{pn}'\n"
        f"(0010, 0020) Patient ID                          LO: '{pid}'\n"
        f"(0010, 0030) Patient's Birth Date                DA: '{dob}'",
        json.dumps(
            {
                "00100010": {"vr": "PN", "Value": [{"Alphabetic": pn}]},
                "00100020": {"vr": "LO", "Value": [pid]},
                "00100030": {"vr": "DA", "Value": [dob]},
            }
        ),
        f'$ dcmodify -m "(0010,0010)={pn}" -m "(0010,0020)={pid}" study/IM0001.dcm\n'
        f"why does the PACS still show {dob} as the birth date?",
    ]
    return forms[t], [pn, pid, dob]


round12_custom("dicom_patient_tags", "pii", _dicom_patient, 4)


def _employee_named(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """An employee number beside its holder's name (the HR system resolves it to one person)."""
    name = person_name(rng)
    eid = rng.choice(
        [f"E{_d(rng, 6)}", f"EMP-{_d(rng, 6)}", f"000{_d(rng, 5)}", f"W{_d(rng, 7)}", f"{_d(rng, 2)}-{_d(rng, 5)}"]
    )
    forms = [
        f"employee_id,full_name,cost_center\n{eid},{name},CC-4100",
        f"dn: uid=u{_d(rng, 4)},ou=people,dc=acme,dc=internal\ncn: {name}\nemployeeNumber: {eid}",
        f'door=3F-EAST result=granted badge={eid} holder="{name}"',
        f"offboarding ticket: {name} (employee #{eid}) leaves on Friday, revoke the laptop",
        f'{{"workerId": "{eid}", "legalName": {{"formatted": "{name}"}}, "status": "ACTIVE"}}',
    ]
    return forms[t], [eid, name]


round12_custom("employee_id_named", "pii", _employee_named, 5)


def device_mac(r: random.Random) -> str:
    # a globally administered unicast address (the two low bits of the first octet clear)
    raw = [r.randrange(0, 64) * 4] + [r.randrange(256) for _ in range(5)]
    style = r.randrange(4)
    if style == 0:
        return ":".join(f"{b:02x}" for b in raw)
    if style == 1:
        return "-".join(f"{b:02X}" for b in raw)
    if style == 2:
        h = "".join(f"{b:02x}" for b in raw)
        return f"{h[:4]}.{h[4:8]}.{h[8:]}"  # Cisco
    return ":".join(f"{b:02X}" for b in raw)


def _mac_owned(rng: random.Random, t: int) -> tuple[str, list[str]]:
    v = device_mac(rng)
    forms = [
        f"my laptop's MAC is {v}, can you add it to the allow-list?",
        f"dhcp-host={v},my-pixel,192.168.1.40,infinite",  # dnsmasq
        f"host my-iphone {{\n  hardware ethernet {v};\n  fixed-address 10.0.8.31;\n}}",  # ISC dhcpd
        f"wlan0: STA {v} IEEE 802.11: associated (my phone, it keeps dropping)",
        f"Physical Address. . . . . . . . . : {v}\n(this is my home PC, the captive portal wants it)",
    ]
    return forms[t], [v]


round12_custom("device_mac_owned", "pii", _mac_owned, 5)

PHONE_REGIONS12 = [
    "GB",
    "DE",
    "FR",
    "IN",
    "BR",
    "NG",
    "KE",
    "ID",
    "PH",
    "VN",
    "TR",
    "EG",
    "MX",
    "CO",
    "AR",
    "ZA",
    "PK",
    "BD",
    "SA",
    "AE",
    "ES",
    "IT",
    "PL",
    "UA",
]


def _phone_link(rng: random.Random, t: int) -> tuple[str, list[str]]:
    num = _valid_number(rng, rng.choice(PHONE_REGIONS12))
    digits = f"{num.country_code}{num.national_number}"
    forms = [
        "chat with me here: https://wa.me/{d}",
        "https://api.whatsapp.com/send?phone={d}&text=Hi%20about%20the%20order",
        '<a href="sms:+{d}?body=Your%20code">text me</a>',
        "viber://chat?number=%2B{d}",
        "my Signal: https://signal.me/#p/+{d}",
        '<a href="facetime:+{d}">FaceTime</a> or <a href="skype:+{d}?call">Skype</a>',
        "https://t.me/+{d}",
    ]
    return forms[t].format(d=digits), [digits]


round12_custom("phone_in_app_link", "pii", _phone_link, 7)


def _dob_encoded(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A birth date as a program stores it: an Excel serial, Unix seconds, JavaScript milliseconds,
    .NET's ``/Date(ms)/`` (negative before 1970)."""
    y, m, d = _birth(rng, 1940, 2008)
    days = calendar.timegm((y, m, d, 0, 0, 0)) // 86400
    serial = str(days + 25569)  # Excel's 1900 system: day 25569 is 1970-01-01
    secs = str(days * 86400)
    ms = str(days * 86400000)
    forms = [
        (f"customer_id,dob\n4411,{serial}\n(the DOB column came out as numbers after the export)", serial),
        (f'{{"id": 4411, "birthDate": {ms}, "plan": "pro"}}', ms),
        (f'{{"Name": "u4411", "DateOfBirth": "\\/Date({ms})\\/"}}', ms),
        (f'level=info msg="kyc ok" user=4411 birth_ts={secs}', secs),
        (f"UPDATE members SET date_of_birth = to_timestamp({secs}) WHERE id = 4411;", secs),
    ]
    text, v = forms[t]
    return text, [v]


round12_custom("date_of_birth_encoded", "pii", _dob_encoded, 5)


def orcid(r: random.Random) -> str:
    # ORCID iD: fifteen digits and an ISO 7064 MOD 11-2 check character
    body = "0000000" + r.choice("123") + _d(r, 7)  # issued from 0000-0001 to 0000-0003
    total = 0
    for c in body:
        total = (total + int(c)) * 2
    check = (12 - total % 11) % 11
    v = body + ("X" if check == 10 else str(check))
    return "-".join(v[i : i + 4] for i in range(0, 16, 4))


def _name_project_files(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A person's name where a project lists its people: CITATION.cff (with an ORCID iD), pom.xml,
    R's DESCRIPTION, pyproject.toml, a MAINTAINERS entry, a review trailer, .zenodo.json."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    full = f"{first} {last}"
    if t == 0:
        oid = orcid(rng)
        text = f"cff-version: 1.2.0\nauthors:\n  - family-names: {last}\n    given-names: {first}\n    orcid: https://orcid.org/{oid}"
        return text, [last, first, oid]
    forms = [
        f"<developers>\n  <developer>\n    <name>{full}</name>\n    <roles><role>maintainer</role></roles>\n"
        "  </developer>\n</developers>",
        f'Authors@R: person("{first}", "{last}", role = c("aut", "cre"))',
        f'authors = [{{ name = "{full}" }}]',
        f"ACME HTTP CLIENT\nM:\t{full}\nS:\tMaintained\nF:\tsrc/http/",
        f"Acked-by: {full}",
        f'"creators": [{{"name": "{last}, {first}", "affiliation": "Acme"}}]',
    ]
    text = forms[t - 1]
    return text, [f"{last}, {first}" if t == 6 else full] if t != 2 else [first, last]


round12_custom("person_name_project_files", "pii", _name_project_files, 7)


def ar_cbu(r: random.Random) -> str:
    """Argentina's CBU: bank and branch with a check digit (weights 7 1 3 9 7 1 3), then the
    account with its own (weights 3 9 7 1 …)."""

    def check(digits: str, weights: list[int]) -> str:
        return str((10 - sum(int(c) * w for c, w in zip(digits, weights, strict=True)) % 10) % 10)

    b = r.choice(["007", "011", "014", "015", "017", "027", "072", "285"]) + _d(r, 4)
    acct = _d(r, 13)
    return b + check(b, [7, 1, 3, 9, 7, 1, 3]) + acct + check(acct, [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3])


RU_BIKS = ["044525225", "044525593", "044525974", "044030653", "046577674"]


def ru_account(r: random.Random) -> str:
    """A Russian individual's current account (40817, roubles 810): its control digit (ninth) makes
    the last three BIK digits and the account, weighted 7 1 3 repeating, sum to a multiple of 10."""
    bik = r.choice(RU_BIKS)
    acct = "40817810" + "0" + _d(r, 11)
    s = sum(int(c) * (7, 1, 3)[i % 3] for i, c in enumerate(bik[-3:] + acct))
    c = s % 10 * 3 % 10
    return acct[:8] + str(c) + acct[9:]


def za_account(r: random.Random) -> str:
    return r.choice(["62", "40", "10", "14", "15"]) + _d(r, r.randrange(8, 10))


def _bank_more12(rng: random.Random, t: int) -> tuple[str, list[str]]:
    kind = rng.randrange(3)
    if kind == 0:
        v = ar_cbu(rng)
        label = rng.choice(["CBU", "mi CBU es", "CBU para la transferencia:"])
        text = f"{label} {v}"
    elif kind == 1:
        v = ru_account(rng)
        text = f"р/с {v}, БИК {rng.choice(RU_BIKS)}" if rng.random() < 0.5 else f"счёт получателя: {v}"
    else:
        v = za_account(rng)
        text = f"Account holder: my own account, number {v}, branch code 250655"
    forms = [
        "{x}",
        "please refund to this account: {x}",
        '{{"payout": {{"method": "bank", "details": "{x}"}}}}',
    ]
    return forms[t].format(x=text), [v]


round12_custom("bank_account_checked_more", "pii", _bank_more12, 3)


def ph_pcn(r: random.Random) -> str:
    v = _d(r, 16)
    return "-".join(v[i : i + 4] for i in range(0, 16, 4))


def vn_cccd(r: random.Random) -> str:
    y = r.randrange(1950, 2008)
    sex = (0 if y < 2000 else 2) + r.randrange(2)  # 20th century 0/1, 21st 2/3 (men / women)
    return f"{r.randrange(1, 97):03d}{sex}{y % 100:02d}{_d(r, 6)}"


def eg_national_id(r: random.Random) -> str:
    y, m, d = _birth(r)
    gov = r.choice(["01", "02", "03", "04", "11", "12", "13", "14", "15", "16", "21", "22", "88"])
    return f"{2 if y < 2000 else 3}{y % 100:02d}{m:02d}{d:02d}{gov}{_d(r, 4)}{_d(r, 1)}"


def tz_nida(r: random.Random) -> str:
    y, m, d = _birth(r)
    return f"{y}{m:02d}{d:02d}-{_d(r, 5)}-{_d(r, 5)}-{_d(r, 2)}"


def ng_bvn(r: random.Random) -> str:
    return "22" + _d(r, 9)


def mt_id(r: random.Random) -> str:
    return f"{r.randrange(10000, 999999)}{r.choice('MGAPLHBZ')}"


for _name12, _kinds12, _own12, _key12 in [
    (
        "national_id_more12",
        [
            ("PhilSys Card Number", ph_pcn),
            ("số CCCD", vn_cccd),
            ("الرقم القومي", eg_national_id),
            ("NIDA", tz_nida),
            ("BVN", ng_bvn),
            ("Karta tal-Identità", mt_id),
        ],
        ["{f}: {v}", "my {f} is {v}", "{f} {v} — verification failed twice", '"national_id": "{v}"'],
        "national_id_number",
    ),
]:
    _pii12(_name12, _kinds12, _own12, _key12)


# ---------------------------------------------------------------------------------------------
# round 13 (issue 17, branch blind13): written blind to the engine; the holdout while round 12 joins
# dev. Categories no earlier round plants: credential kinds of services no round names, secrets in
# the places a developer copies them from (password-manager exports, ``git credential`` output, crash
# reports, a browser's storage, text recognised from a screenshot), and personal data of countries,
# documents and records no round covers.

ROUND13 = 13


def round13_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND13,) * n))


def _picks13(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round13:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {v} the value. Where a value is copied from: an environment listing of another tool, a
# runtime's diagnostic report, a browser console, a clipboard history, a desktop app's settings.
SECRET_FAMILIES13 = [
    "$ env | sort | sed -n '14,17p'\nHOSTNAME=build-agent-3\n{L}={v}\nLANG=C.UTF-8\nLOGNAME=runner",
    '  "environmentVariables": {{\n    "NODE_ENV": "production",\n    "{L}": "{v}",\n'
    '    "UV_THREADPOOL_SIZE": "8"\n  }},',  # a Node.js diagnostic report (process.report)
    "jvm_args: -Xms512m -Xmx2g -D{l}={v} -Dfile.encoding=UTF-8\njava_command: app.jar --spring.profiles.active=prod",
    "PS> Get-ChildItem Env:{L}\n\nName                           Value\n"
    "----                           -----\n{L}    {v}",
    "$ ps eww -p 3107 | tail -1\n 3107 ?        Ssl    0:04 node dist/main.js PORT=8080 {L}={v}",
    'declare -x {L}="{v}"',  # bash `declare -p`
    "$ copyq read 0 1 2\nhttps://ci.acme.dev/job/412\n{v}\ngit rebase -i HEAD~3",  # clipboard history
    '{{\n  "prod": {{\n    "host": "https://api.acme.dev",\n    "{c}": "{v}"\n  }}\n}}',  # http-client.private.env.json
    '$ defaults read com.acme.menubar\n{{\n    {c} = "{v}";\n    launchAtLogin = 1;\n}}',  # macOS defaults
    "[Text recognised in the image]\nSettings  >  Integrations\n{L}\n{v}\nCopy   Regenerate",
    "> localStorage.getItem('{k}')\n'{v}'",
    "$ docker compose config | grep -A3 environment\n    environment:\n      {L}: {v}\n      TZ: UTC",
    "ຄີ {v} ບໍ່ເຮັດວຽກ, ໄດ້ 401 ຕະຫຼອດ",  # Lao
    "මේ {v} යතුර වැඩ කරන්නේ නැහැ, හැම වෙලේම 401 එනවා",  # Sinhala
    "калиди {v} кор намекунад, ҳамеша 401 мегирам",  # Tajik
]

# PII families: {f} the field in words, {k} a snake-case key, {c} its camel case, {v} the value.
PII_FAMILIES13 = [
    "   id  {k}\n0  4411  {v}",  # a pandas DataFrame repr
    "shape: (1, 2)\n┌──────┬────────┐\n│ id   ┆ {k} │\n╞══════╪════════╡\n│ 4411 ┆ {v} │\n└──────┴────────┘",  # polars
    "sqlite> SELECT name, value FROM autofill WHERE name LIKE '%{k}%';\n{k}|{v}",  # a browser's Web Data file
    "I/SignupActivity( 4411): onSubmit {c}={v}",  # Android logcat
    "[OCR of the uploaded form, page 1]\n{f} .......... {v}\nSignature: (illegible)",
    '{{"resourceType": "Patient", "identifier": [{{"system": "urn:acme:{k}", "value": "{v}"}}]}}',  # FHIR
    "> df %>% filter(id == 4411)\n# A tibble: 1 × 2\n     id {k}\n  <int> <chr>\n1  4411 {v}",  # R
    "the form rejected {f} {v}, is our validator wrong?",
    "ພະນັກງານສົ່ງ {f}: {v} ມາ, ກວດເບິ່ງແດ່",  # Lao
    "පාරිභෝගිකයා දුන් {f}: {v}, කරුණාකර පරීක්ෂා කරන්න",  # Sinhala
    "мизоҷ {f}: {v} фиристод, лутфан санҷед",  # Tajik
]


def _multi13(
    formats: list[tuple[str, Callable[[random.Random], str]]],
    own: list[str],
    name: str,
    fits: dict[int, tuple[str, ...]] | None = None,
    shared: int = 2,
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several formats (a label and a generator each): its own templates and two of
    round 13's shared families; ``fits`` limits an own template to the formats its tool writes."""
    templates = own + [SECRET_FAMILIES13[j] for j in _picks13(name, len(SECRET_FAMILIES13), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        allowed = (fits or {}).get(t % len(templates))
        label, gen = rng.choice([f for f in formats if allowed is None or f[0] in allowed])
        v = gen(rng)
        text = _choose(templates, t, v=v, L=label, l=label.lower(), k=label.lower().replace("_", "-"), c=_camel(label))
        return text, [v]

    return make, len(templates)


def _extend13(name: str, make13: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-13 families (drawn by ``make13`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make13(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND13,) * n)


def _generic13(name: str, kind: str, k: int = 2) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """Two of round 13's shared families for a one-value category of an earlier round."""
    fams = SECRET_FAMILIES13 if kind == "secret" else PII_FAMILIES13
    picks = [fams[j] for j in _picks13(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = (
        FIELD12.get(name)
        or FIELD11.get(name)
        or FIELD10.get(name)
        or FIELD9.get(name)
        or FIELD8.get(name)
        or FIELD7.get(name)
        or FIELD6.get(name, name.split("_")[0])
    )
    key = KEY12.get(name) or KEY11.get(name) or KEY10.get(name) or KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value11(name, rng)
        text = _choose(
            picks,
            t,
            v=v,
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


# Where a whole earlier snippet arrives from when its values only make sense together (key pairs,
# key blocks, user names in paths, URLs): {s} is a round-12 family's text, kept verbatim.
CONTAINERS13 = [
    "[Text recognised in the image]\n{s}\n[end of recognised text]",
    "$ copyq read 0\n{s}",
    "> await navigator.clipboard.readText()\n{s}",
    "Crash annotations:\n  process_type = browser\n  last_command = <<<\n{s}\n>>>",
    "$ pbpaste | tee /tmp/paste.txt\n{s}",
]


def _container13(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    old = next(c for c in CATS if c.name == name)
    inner = [t for t, r in enumerate(old.rounds) if r == max(old.rounds)]  # its newest families
    frames = [CONTAINERS13[j] for j in _picks13(name, len(CONTAINERS13), 2)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        snippet, needles = old.make(rng, inner[rng.randrange(len(inner))])
        return frames[t % len(frames)].replace("{s}", snippet), needles

    return make, len(frames)


for _c in [c for c in CATS if ROUND13 not in c.rounds]:
    if _c.name in _SPECIFIC12 or len(_c.make(random.Random(f"round13:{_c.name}"), 0)[1]) > 1:
        _extend13(_c.name, *_container13(_c.name))
    else:
        _extend13(_c.name, *_generic13(_c.name, _c.kind))


def _b64(r: random.Random, n: int, urlsafe: bool = False) -> str:
    raw = _rbytes(r, n)
    return (base64.urlsafe_b64encode(raw) if urlsafe else base64.b64encode(raw)).decode()


def ttn_api_key(r: random.Random) -> str:
    # The Things Stack API key: NNSXS, a 39-character key id and a 52-character secret, base32 upper case
    return "NNSXS." + _rs(r, UPPER32, 39) + "." + _rs(r, UPPER32, 52)


def curseforge_key(r: random.Random) -> str:
    # CurseForge for Studios API keys are shaped like a bcrypt string: $2a$10$ and 53 characters
    return "$2a$10$" + _rs(r, B62 + "./", 53)


def convex_deploy_key(r: random.Random) -> str:
    adj = r.choice(["happy", "brave", "quiet", "tidy", "vivid", "calm"])
    animal = r.choice(["otter", "heron", "lynx", "panda", "marten", "gecko"])
    return f"prod:{adj}-{animal}-{r.randrange(100, 999)}|" + _rs(r, B64URL, 64)


def coolify_token(r: random.Random) -> str:
    return f"{r.randrange(1, 99)}|" + _rs(r, B62, 40)  # a Laravel Sanctum token: id|secret


def paytm_key(r: random.Random) -> str:
    return _rs(r, B62 + "@#&%!_", 16)


for _name13, _formats13, _own13, _fits13 in [
    (
        "esignature_api_key",
        [
            ("DOCUSIGN_SECRET_KEY", _uuid4),
            ("DROPBOX_SIGN_API_KEY", lambda r: _rs(r, HEX, 64)),
            ("PANDADOC_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("BOLDSIGN_API_KEY", lambda r: _rs(r, B62, 56)),
        ],
        [
            "{L}={v}",
            "curl -u '{v}:' https://api.hellosign.com/v3/signature_request/list",
            "Authorization: API-Key {v}",
            "docusign:\n  integration_key: 0b7f3a52-91d4-4c0e-8f6a-2d5e7c1b9a34\n  secret_key: {v}",
        ],
        {1: ("DROPBOX_SIGN_API_KEY",), 2: ("PANDADOC_API_KEY",), 3: ("DOCUSIGN_SECRET_KEY",)},
    ),
    (
        "game_asset_platform_key",
        [
            ("SKETCHFAB_API_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("PLAYFAB_SECRET_KEY", lambda r: _rs(r, ALNUM_UP, 52)),
            ("CURSEFORGE_API_KEY", curseforge_key),
            ("MODRINTH_TOKEN", lambda r: "mrp_" + _rs(r, B62, 60)),
            ("EOS_CLIENT_SECRET", lambda r: _rs(r, B64URL, 43)),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: Token {v}' https://api.sketchfab.com/v3/me",
            "X-SecretKey: {v}",
            "curl -H 'x-api-key: {v}' 'https://api.curseforge.com/v1/mods/search?gameId=432'",
            'modrinth {{\n    token = "{v}"\n    projectId = "acme-tweaks"\n}}',  # Gradle minotaur
        ],
        {1: ("SKETCHFAB_API_TOKEN",), 2: ("PLAYFAB_SECRET_KEY",), 3: ("CURSEFORGE_API_KEY",), 4: ("MODRINTH_TOKEN",)},
    ),
    (
        "mobile_growth_secret",
        [
            ("APPSTORE_SHARED_SECRET", lambda r: _rs(r, HEX, 32)),
            ("REVENUECAT_SECRET_KEY", lambda r: "sk_" + _rs(r, B62, 32)),
            ("APPSFLYER_DEV_KEY", lambda r: _rs(r, B62, 22)),
            ("BRANCH_SECRET", lambda r: "secret_live_" + _rs(r, B62, 32)),
            ("ADJUST_API_TOKEN", lambda r: _rs(r, LOWER_ALNUM, 20)),
        ],
        [
            "{L}={v}",
            'verify_body = {{"receipt-data": receipt_b64, "password": "{v}", "exclude-old-transactions": True}}',
            "curl -H 'Authorization: Bearer {v}' https://api.revenuecat.com/v1/subscribers/app_user_9",
            '<string name="appsflyer_dev_key" translatable="false">{v}</string>',
        ],
        {1: ("APPSTORE_SHARED_SECRET",), 2: ("REVENUECAT_SECRET_KEY",), 3: ("APPSFLYER_DEV_KEY",)},
    ),
    (
        "iot_provisioning_secret",
        [
            ("TTN_API_KEY", ttn_api_key),
            ("LORAWAN_APP_KEY", lambda r: _rs(r, HEXU, 32)),
            ("ESPHOME_API_KEY", lambda r: _b64(r, 32)),
            ("DPS_SYMMETRIC_KEY", lambda r: _b64(r, 64)),
        ],
        [
            "{L}={v}",
            "ttn-lw-cli login --api-key {v}",
            'api:\n  encryption:\n    key: "{v}"\nota:\n  - platform: esphome',
            "AppKey: {v}   # OTAA join, device greenhouse-07",
            "az iot dps enrollment create -g iot --dps-name acme-dps --enrollment-id sensor-07 "
            "--attestation-type symmetrickey --primary-key {v}",
        ],
        {1: ("TTN_API_KEY",), 2: ("ESPHOME_API_KEY",), 3: ("LORAWAN_APP_KEY",), 4: ("DPS_SYMMETRIC_KEY",)},
    ),
    (
        "sso_proxy_secret",
        [
            ("OAUTH2_PROXY_COOKIE_SECRET", lambda r: _b64(r, 32, urlsafe=True)),
            ("OAUTH2_PROXY_CLIENT_SECRET", lambda r: _rs(r, B62, 40)),
            ("POMERIUM_SHARED_SECRET", lambda r: _b64(r, 32)),
            ("AUTHELIA_JWT_SECRET", lambda r: _rs(r, B62, 64)),
            ("DEX_CLIENT_SECRET", lambda r: _rs(r, B62, 24)),
            ("KEYCLOAK_CLIENT_SECRET", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "oauth2-proxy --provider=oidc --cookie-secret={v} --email-domain=acme.dev",
            "staticClients:\n- id: grafana\n  name: Grafana\n  redirectURIs: ['https://grafana.acme.dev/login/generic_oauth']\n"
            "  secret: {v}",
            '{{\n  "realm": "acme",\n  "resource": "portal",\n  "credentials": {{ "secret": "{v}" }}\n}}',
            "identity_validation:\n  reset_password:\n    jwt_secret: '{v}'",
        ],
        {
            1: ("OAUTH2_PROXY_COOKIE_SECRET",),
            2: ("DEX_CLIENT_SECRET",),
            3: ("KEYCLOAK_CLIENT_SECRET",),
            4: ("AUTHELIA_JWT_SECRET",),
        },
    ),
    (
        "baas_admin_secret",
        [
            ("HASURA_GRAPHQL_ADMIN_SECRET", lambda r: _rs(r, B62, 32)),
            ("CONVEX_DEPLOY_KEY", convex_deploy_key),
            ("PARSE_MASTER_KEY", lambda r: _rs(r, B62, 40)),
            ("PB_SUPERUSER_PASSWORD", password),
        ],
        [
            "{L}={v}",
            "curl -H 'x-hasura-admin-secret: {v}' -d @query.json https://gql.acme.dev/v1/graphql",
            "CONVEX_DEPLOY_KEY='{v}' npx convex deploy",
            "new ParseServer({{ appId: 'acme', masterKey: '{v}', serverURL: 'http://localhost:1337/parse' }})",
            "./pocketbase superuser upsert ops@acme.dev '{v}'",
        ],
        {
            1: ("HASURA_GRAPHQL_ADMIN_SECRET",),
            2: ("CONVEX_DEPLOY_KEY",),
            3: ("PARSE_MASTER_KEY",),
            4: ("PB_SUPERUSER_PASSWORD",),
        },
    ),
    (
        "speech_translation_key",
        [
            ("DEEPL_AUTH_KEY", lambda r: _uuid4(r) + r.choice([":fx", ""])),
            ("SPEECHMATICS_API_KEY", lambda r: _rs(r, B62, 32)),
            ("AZURE_SPEECH_KEY", lambda r: _rs(r, HEX, 32)),
            ("REVAI_ACCESS_TOKEN", lambda r: "02" + _rs(r, B62 + "-_", 62)),
        ],
        [
            "{L}={v}",
            "curl https://api-free.deepl.com/v2/translate -H 'Authorization: DeepL-Auth-Key {v}' "
            "-d text=Hallo -d target_lang=EN",
            "Ocp-Apim-Subscription-Key: {v}",
            "speechmatics config set --auth-token {v}",
        ],
        {1: ("DEEPL_AUTH_KEY",), 2: ("AZURE_SPEECH_KEY",), 3: ("SPEECHMATICS_API_KEY",)},
    ),
    (
        "personal_notify_token",
        [
            ("PUSHOVER_APP_TOKEN", lambda r: "a" + _rs(r, B62, 29)),
            ("PUSHBULLET_ACCESS_TOKEN", lambda r: "o." + _rs(r, B62, 32)),
            ("NTFY_TOKEN", lambda r: "tk_" + _rs(r, LOWER_ALNUM, 29)),
            ("GOTIFY_APP_TOKEN", lambda r: "A" + _rs(r, B62 + ".-_", 14)),
        ],
        [
            "{L}={v}",
            "curl -s -F token={v} -F user=$PUSHOVER_USER -F message='backup done' https://api.pushover.net/1/messages.json",
            "curl -H 'Access-Token: {v}' https://api.pushbullet.com/v2/users/me",
            "curl -u :{v} -d 'nightly build failed' https://ntfy.acme.dev/ci-alerts",
            "curl 'https://push.acme.dev/message?token={v}' -F title=cron -F message=ok",
        ],
        {1: ("PUSHOVER_APP_TOKEN",), 2: ("PUSHBULLET_ACCESS_TOKEN",), 3: ("NTFY_TOKEN",), 4: ("GOTIFY_APP_TOKEN",)},
    ),
    (
        "incident_oncall_key",
        [
            ("OPSGENIE_API_KEY", _uuid4),
            ("ROOTLY_API_TOKEN", lambda r: "rootly_" + _rs(r, HEX, 64)),
            ("FIREHYDRANT_API_KEY", lambda r: "fhb-" + _rs(r, HEX, 32)),
            ("STATUSPAGE_API_KEY", _uuid4),
        ],
        [
            "{L}={v}",
            "Authorization: GenieKey {v}",
            "curl -H 'Authorization: OAuth {v}' https://api.statuspage.io/v1/pages",
            'provider "rootly" {{\n  api_token = "{v}"\n}}',
        ],
        {1: ("OPSGENIE_API_KEY",), 2: ("STATUSPAGE_API_KEY",), 3: ("ROOTLY_API_TOKEN",)},
    ),
    (
        "qa_testing_cloud_key",
        [
            ("BROWSERSTACK_ACCESS_KEY", lambda r: _rs(r, B62, 20)),
            ("SAUCE_ACCESS_KEY", _uuid4),
            ("LT_ACCESS_KEY", lambda r: _rs(r, B62, 50)),
            ("PERCY_TOKEN", lambda r: "web_" + _rs(r, HEX, 64)),
            ("CHROMATIC_PROJECT_TOKEN", lambda r: "chpt_" + _rs(r, HEX, 14)),
            ("CYPRESS_RECORD_KEY", _uuid4),
        ],
        [
            "{L}={v}",
            "driver = webdriver.Remote('https://ci-bot:{v}@hub-cloud.browserstack.com/wd/hub', options=opts)",
            "npx chromatic --project-token={v} --exit-zero-on-changes",
            "npx cypress run --record --key {v} --parallel",
            "'sauce:options': {{ username: 'ci-bot', accessKey: '{v}', build: 'nightly' }}",
        ],
        {
            1: ("BROWSERSTACK_ACCESS_KEY",),
            2: ("CHROMATIC_PROJECT_TOKEN",),
            3: ("CYPRESS_RECORD_KEY",),
            4: ("SAUCE_ACCESS_KEY",),
        },
    ),
    (
        "hosting_panel_token",
        [
            ("CPANEL_API_TOKEN", lambda r: _rs(r, ALNUM_UP, 32)),
            ("PORTAINER_API_KEY", lambda r: "ptr_" + _b64(r, 32)),
            ("COOLIFY_API_TOKEN", coolify_token),
            ("CAPROVER_PASSWORD", password),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: cpanel deploy:{v}' https://host.acme.dev:2083/execute/Email/list_pops",
            "curl -H 'X-API-Key: {v}' https://portainer.acme.dev/api/endpoints",
            "caprover deploy -u https://captain.apps.acme.dev -p '{v}' -a api -b main",
            "curl -H 'Authorization: Bearer {v}' 'https://coolify.acme.dev/api/v1/deploy?uuid=k8c0w4s&force=false'",
        ],
        {1: ("CPANEL_API_TOKEN",), 2: ("PORTAINER_API_KEY",), 3: ("CAPROVER_PASSWORD",), 4: ("COOLIFY_API_TOKEN",)},
    ),
    (
        "payment_key_more_regions",
        [
            ("OMISE_SECRET_KEY", lambda r: "skey_" + _rs(r, LOWER_ALNUM, 19)),
            ("WOMPI_PRIVATE_KEY", lambda r: "prv_prod_" + _rs(r, B62, 32)),
            ("CONEKTA_PRIVATE_KEY", lambda r: "key_" + _rs(r, B62, 27)),
            ("MPESA_PASSKEY", lambda r: _rs(r, HEX, 64)),
            ("PAYTM_MERCHANT_KEY", paytm_key),
            ("KUSHKI_PRIVATE_MERCHANT_ID", lambda r: _rs(r, HEX, 32)),
        ],
        [
            "{L}={v}",
            "curl https://api.omise.co/charges -u {v}: -d amount=100000 -d currency=thb",
            "password = base64.b64encode((SHORTCODE + '{v}' + timestamp).encode())  # STK push",
            "checksum = PaytmChecksum.generateSignature(json.dumps(body), '{v}')",
            "Private-Merchant-Id: {v}",
        ],
        {
            1: ("OMISE_SECRET_KEY",),
            2: ("MPESA_PASSKEY",),
            3: ("PAYTM_MERCHANT_KEY",),
            4: ("KUSHKI_PRIVATE_MERCHANT_ID",),
        },
    ),
]:
    round13_custom(_name13, "secret", *_multi13(_formats13, _own13, _name13, fits=_fits13))


def _pw_export(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A password as a password manager exports or shows it (the accounts are service accounts, so
    only the password is planted)."""
    v = password(rng)
    site = rng.choice(["git.acme.dev", "vpn.acme.dev", "grafana.acme.dev", "registry.acme.dev"])
    user = rng.choice(["ci-bot", "deploy", "svc-backup", "release"])
    forms = [
        f"url,username,password,totp,extra,name,grouping,fav\nhttps://{site},{user},{v},,,{site},Work,0",  # LastPass
        f"name,url,username,password,note\n{site},https://{site}/login,{user},{v},",  # Chrome / Edge
        "<Entry>\n  <String><Key>Title</Key><Value>" + site + "</Value></String>\n"
        "  <String><Key>UserName</Key><Value>" + user + "</Value></String>\n"
        '  <String><Key>Password</Key><Value ProtectInMemory="True">' + v + "</Value></String>\n</Entry>",  # KeePass
        f"$ keepassxc-cli show -s ~/vault.kdbx work/{site}\nEnter password to unlock ~/vault.kdbx:\n"
        f"Title: {site}\nUserName: {user}\nPassword: {v}\nURL: https://{site}",
        '"url","username","password","httpRealm","formActionOrigin","guid"\n'
        f'"https://{site}","{user}","{v}",,"https://{site}","{{{_uuid4(rng)}}}"',  # Firefox logins.csv
        f"name,url,email,username,password,note,totp,vault\n{site},https://{site},,{user},{v},,,Work",  # Proton Pass
    ]
    return forms[t], [v]


round13_custom("password_manager_export", "secret", _pw_export, 6)


def _git_token(rng: random.Random) -> str:
    return rng.choice(
        [
            "ghp_" + _rs(rng, B62, 36),
            "glpat-" + _rs(rng, B64URL, 20),
            _rs(rng, HEX, 40),
            "ATBB" + _rs(rng, B62, 28),
        ]
    )


def _git_credential(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A token as git's credential machinery prints or stores it."""
    v = _git_token(rng)
    if t == 4:  # an extra header carries base64 of user:token
        b = base64.b64encode(f"x-access-token:{v}".encode()).decode()
        return f"git -c http.extraHeader='Authorization: Basic {b}' clone https://git.acme.dev/platform/api.git", [b]
    forms = [
        "$ printf 'protocol=https\\nhost=git.acme.dev\\n\\n' | git credential fill\n"
        f"protocol=https\nhost=git.acme.dev\nusername=ci-bot\npassword={v}",
        f"$ cat ~/.git-credentials\nhttps://ci-bot:{v}@git.acme.dev",
        f"$ git config --list --show-origin | grep extraheader\n"
        f"file:.git/config\thttp.https://git.acme.dev/.extraheader=AUTHORIZATION: bearer {v}",
        f'git config --global url."https://oauth2:{v}@git.acme.dev/".insteadOf "https://git.acme.dev/"',
        "",
        "$ printf 'protocol=https\\nhost=git.acme.dev\\n' | git credential-manager get\n"
        "protocol=https\nhost=git.acme.dev\n"
        f"username=PersonalAccessToken\npassword={v}",
    ]
    return forms[t], [v]


round13_custom("git_credential_output", "secret", _git_credential, 6)


def _crash_secret(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A secret inside a crash report: a JVM fatal-error log, a Node diagnostic report, an Android
    tombstone, a macOS crash report's application-specific information, Electron crash annotations."""
    v = rng.choice([_rs(rng, B62, rng.randrange(28, 44)), password(rng), "sk_live_" + _rs(rng, B62, 24)])
    forms = [
        "# A fatal error has been detected by the Java Runtime Environment:\n#\n"
        "#  SIGSEGV (0xb) at pc=0x00007f3a1c2d4e10\n"
        f"...\njvm_args: -Xmx2g -Dspring.datasource.password={v} -Dfile.encoding=UTF-8",
        '{\n  "header": {"event": "JavaScript API", "trigger": "GetReport"},\n  "environmentVariables": {\n'
        f'    "PAYMENT_SECRET": "{v}",\n    "NODE_ENV": "production"\n  }}\n}}',
        "*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***\n"
        "Build fingerprint: 'google/panther/panther:14'\n"
        f"pid: 8812, tid: 8840, name: OkHttp Dispatch  >>> com.acme.app <<<\nAbort message: 'auth failed for key {v}'",
        '"asi" : {"libsystem_c.dylib":["abort() called"],"Acme":["fatal: refresh rejected, token=' + v + '"]},',
        f"Crash annotations:\n  process_type = renderer\n  api_secret = {v}\n  version = 3.14.2",
    ]
    return forms[t], [v]


round13_custom("crash_report_secret", "secret", _crash_secret, 5)


def _browser_storage(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A session secret in a browser's storage: a console read, an IndexedDB record, the devtools
    Application tab copied as text."""
    refresh = _rs(rng, B64URL, rng.randrange(32, 56))
    forms = [
        '> localStorage.getItem(\'sb-qzhbxkpa-auth-token\')\n\'{"access_token":"(expired)",'
        f'"token_type":"bearer","refresh_token":"{refresh}","expires_at":1718000000}}\'',
        f'"stsTokenManager": {{\n  "refreshToken": "AMf-vB{refresh}",\n  "expirationTime": 1718003600000\n}}',
        f'oidc.user:https://login.acme.dev:portal\t{{"session_state":null,"access_token":"{refresh}","token_type":"Bearer"}}',
        f"auth._token.local\tBearer {refresh}\nauth.strategy\tlocal",  # devtools: storage rows copied
        f'> JSON.stringify(sessionStorage)\n\'{{"theme":"dark","csrf_secret":"{refresh}"}}\'',
    ]
    return forms[t], [refresh]


round13_custom("browser_storage_token", "secret", _browser_storage, 5)


def _ocr_secret(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A secret in text recognised from a screenshot: table borders and layout become stray glyphs."""
    v = rng.choice(
        [
            "sk_live_" + _rs(rng, B62, 24),
            "ghp_" + _rs(rng, B62, 36),
            "xoxb-" + _d(rng, 11) + "-" + _d(rng, 12) + "-" + _rs(rng, B62, 24),
            _rs(rng, B62, 40),
            password(rng),
        ]
    )
    forms = [
        "(text from my screenshot)\nAPI keys\nName          Key                         Created\n"
        f"backend-prod  {v}  3 days ago",
        f"| Secret | {v} | © |\n| Scopes | read, write |",
        f"Your new token\nMake sure to copy it now. You won't be able to see it again!\n{v}\n[ Copy ]",
        f"Passwort / Password\n{v}\nO Anzeigen  O Kopieren",
    ]
    return forms[t], [v]


round13_custom("ocr_screenshot_secret", "secret", _ocr_secret, 4)


# --- round 13's new personal data


def _pii13(name: str, kinds: list[tuple[str, Callable[[random.Random], str]]], own: list[str], key: str) -> None:
    """A new personal-data category of one or more kinds (a field label and a generator each): its
    own templates and two of round 13's shared families, ``{f}`` the drawn kind's label."""
    GENS[name] = lambda r: kinds[r.randrange(len(kinds))][1](r)
    shared = [PII_FAMILIES13[j] for j in _picks13(name, len(PII_FAMILIES13), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        fname, gen = kinds[rng.randrange(len(kinds))]
        v = gen(rng)
        return _choose(templates, t, v=v, f=fname, k=key, c=_camel(key)), [v]

    round13_custom(name, "pii", make, len(templates))


_MU_ALPHABET = string.digits + string.ascii_uppercase


def mu_nid(r: random.Random) -> str:
    """Mauritius national id: the surname's initial, the birth date (DDMMYY), six digits, a check
    character (weights 14 down to 2 over the alphabet 0-9A-Z, mod 17)."""
    y, m, d = _birth(r)
    body = r.choice(string.ascii_uppercase) + f"{d:02d}{m:02d}{y % 100:02d}" + _d(r, 6)
    check = sum((14 - i) * _MU_ALPHABET.index(c) for i, c in enumerate(body))
    return body + _MU_ALPHABET[(17 - check) % 17]


_AT_OFFICES = ["03", "04", "06", "07", "08", "09", "10", "12", "15", "16", "18", "22", "29", "33", "38", "41", "46"]


def at_tin(r: random.Random) -> str:
    # Austria's Abgabenkontonummer: a tax office (2 digits), 6 digits, a check digit; "NN-NNN/NNNN"
    v = _until_valid("at.tin", lambda r: r.choice(_AT_OFFICES) + _d(r, 7), r)
    return f"{v[:2]}-{v[2:5]}/{v[5:]}" if r.random() < 0.6 else v


def gn_nifp(r: random.Random) -> str:
    # Guinea's NIFp: eight digits and a Luhn check digit, shown in groups of three
    v = luhn_complete(_d(r, 1), 9, r)
    return f"{v[:3]}-{v[3:6]}-{v[6:]}" if r.random() < 0.5 else v


def be_eid_card(r: random.Random) -> str:
    # a Belgian eID card number: ten digits and their remainder mod 97 (97 for 0), xxx-xxxxxxx-yy
    body = "59" + _d(r, 8)
    check = int(body) % 97 or 97
    return f"{body[:3]}-{body[3:]}-{check:02d}"


def es_nss(r: random.Random) -> str:
    """Spain's número de la Seguridad Social: a province (2 digits), eight digits, two control digits
    (the first ten as a number mod 97)."""
    prov = r.randrange(1, 53)
    num = r.randrange(10**7, 10**8)
    check = (prov * 10**8 + num) % 97
    return f"{prov:02d}/{num:08d}/{check:02d}" if r.random() < 0.5 else f"{prov:02d}{num:08d}{check:02d}"


def br_pis(r: random.Random) -> str:
    # Brazil's PIS/PASEP/NIS: ten digits weighted 3,2,9,8,7,6,5,4,3,2; check 11 - sum mod 11 (0 for 10, 11)
    d = _d(r, 10)
    s = sum(int(x) * w for x, w in zip(d, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2], strict=True))
    c = 11 - s % 11
    c = 0 if c >= 10 else c
    v = d + str(c)
    return f"{v[:3]}.{v[3:8]}.{v[8:10]}-{v[10]}" if r.random() < 0.6 else v


def _luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        n = int(ch) * (2 if i % 2 == 0 else 1)
        total += n - 9 if n > 9 else n
    return str((10 - total % 10) % 10)


def se_samordningsnummer(r: random.Random) -> str:
    # Sweden's coordination number: the personnummer with 60 added to the day, Luhn over ten digits
    y, m, d = _birth(r)
    body = f"{y % 100:02d}{m:02d}{d + 60:02d}{_d(r, 3)}"
    return f"{body[:6]}-{body[6:]}{_luhn_digit(body)}"


def no_d_nummer(r: random.Random) -> str:
    # Norway's D-nummer: the fødselsnummer with 40 added to the day (python-stdnum accepts it)
    y, m, d = _birth(r)
    return _until_valid("no.fodselsnummer", lambda r: f"{d + 40:02d}{m:02d}{y % 100:02d}{_d(r, 5)}", r)


def fi_hetu_new_sign(r: random.Random) -> str:
    # a Finnish HETU with one of the century signs introduced in 2023 (Y X W V U for the 1900s)
    y, m, d = _birth(r, 1950, 2000)
    ind = r.randrange(2, 900)
    check = "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(f"{d:02d}{m:02d}{y % 100:02d}{ind:03d}") % 31]
    return f"{d:02d}{m:02d}{y % 100:02d}{r.choice('YXWVU')}{ind:03d}{check}"


def br_renavam(r: random.Random) -> str:
    # Brazil's RENAVAM (a vehicle's registration): ten digits weighted 3,2,9,8,7,6,5,4,3,2, then
    # (sum * 10) mod 11, 0 for 10
    d = _d(r, 10)
    s = sum(int(x) * w for x, w in zip(d, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2], strict=True))
    c = (s * 10) % 11
    return d + str(0 if c == 10 else c)


def uk_v5c_reference(r: random.Random) -> str:
    v = _d(r, 11)  # the V5C logbook's document reference number
    return f"{v[:4]} {v[4:7]} {v[7:]}" if r.random() < 0.5 else v


def insurance_policy(r: random.Random) -> str:
    return r.choice(
        [
            lambda: f"{_rs(r, string.ascii_uppercase, 3)}{_d(r, 8)}",
            lambda: f"POL-{_d(r, 4)}-{_d(r, 6)}",
            lambda: f"{_d(r, 2)}/{_d(r, 7)}/{r.randrange(1, 9)}",
            lambda: f"{_rs(r, ALNUM_UP, 2)}{_d(r, 9)}{r.choice('ABCDEFX')}",
        ]
    )()


def student_id(r: random.Random) -> str:
    return r.choice(
        [
            lambda: f"{_d(r, 3)}-{_d(r, 3)}-{_d(r, 4)}",  # UCAS personal id
            lambda: f"{r.randrange(2, 8)}{_d(r, 6)}",  # a German Matrikelnummer
            lambda: f"s{_d(r, 7)}",
            lambda: f"{r.randrange(2015, 2026)}{_d(r, 5)}",
        ]
    )()


def loyalty_number(r: random.Random) -> str:
    return r.choice(
        [
            lambda: luhn_complete("6340", 18, r),
            lambda: luhn_complete("3083", 16, r),
            lambda: f"{_d(r, 9)}",
            lambda: f"{_rs(r, string.ascii_uppercase, 2)}{_d(r, 10)}",
        ]
    )()


def fmr_template_b64(r: random.Random) -> str:
    """A fingerprint minutiae template (ISO/IEC 19794-2 or ANSI INCITS 378: ``FMR\\0 20\\0``, then a
    record length and minutiae), base64 as an enrolment API returns it."""
    n = r.randrange(20, 40)
    body = b"FMR\x00 20\x00" + (28 + 6 * n).to_bytes(4, "big") + _rbytes(r, 20 + 6 * n)
    return base64.b64encode(body).decode()


def ge_personal_number(r: random.Random) -> str:
    return f"{r.choice(['01', '12', '18', '33', '59', '61'])}{_d(r, 9)}"  # Georgia: 11 digits


def am_public_service_number(r: random.Random) -> str:
    return f"{r.randrange(1, 9)}{_d(r, 9)}"  # Armenia's ՀԾՀ: 10 digits


def az_fin(r: random.Random) -> str:
    return _rs(r, "0123456789ABCDEFGHJKLMNPQRSTUVWXZ", 7)  # Azerbaijan's FİN on the id card


_MN_LETTERS = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯӨҮ"


def mn_register(r: random.Random) -> str:
    # Mongolia's register number: two Cyrillic letters, the birth date (YYMMDD, month + 20 after 2000), 2 digits
    y, m, d = _birth(r)
    mm = m + 20 if y >= 2000 else m
    return _rs(r, _MN_LETTERS, 2) + f"{y % 100:02d}{mm:02d}{d:02d}{_d(r, 2)}"


for _name13p, _kinds13, _own13p, _key13 in [
    (
        "mu_national_id",
        [("NIC", mu_nid), ("National Identity Card No.", mu_nid)],
        ["{f}: {v}", "my {f} is {v}", '"nic": "{v}"'],
        "nic_number",
    ),
    (
        "at_tax_number",
        [("Steuernummer", at_tin), ("Abgabenkontonummer", at_tin)],
        ["{f}: {v}", "meine {f} lautet {v}", "L1 Arbeitnehmerveranlagung, {f} {v}"],
        "steuernummer",
    ),
    (
        "gn_tax_number",
        [("NIFp", gn_nifp), ("numéro d'identification fiscale", gn_nifp)],
        ["{f} : {v}", "mon {f} est {v}", "contribuable {f} {v}"],
        "nifp",
    ),
    (
        "be_eid_card_number",
        [("kaartnummer", be_eid_card), ("numéro de carte", be_eid_card), ("eID card number", be_eid_card)],
        ["{f}: {v}", "{f} {v} (geldig tot 2031)", '"card_number": "{v}"'],
        "eid_card_number",
    ),
    (
        "es_social_security_number",
        [("NSS", es_nss), ("número de la Seguridad Social", es_nss), ("nº afiliación", es_nss)],
        ["{f}: {v}", "mi {f} es {v}", "alta en la TGSS con {f} {v}"],
        "nss",
    ),
    (
        "br_pis_nis",
        [("PIS", br_pis), ("NIS", br_pis), ("PIS/PASEP", br_pis)],
        ["{f}: {v}", "meu {f} é {v}", "cadastro no eSocial, {f} {v}"],
        "pis",
    ),
    (
        "nordic_coordination_number",
        [("samordningsnummer", se_samordningsnummer), ("D-nummer", no_d_nummer), ("henkilötunnus", fi_hetu_new_sign)],
        ["{f}: {v}", "mitt {f} är {v}", "{f} {v} — ny i registret"],
        "personal_number",
    ),
    (
        "vehicle_registration_doc",
        [("RENAVAM", br_renavam), ("V5C document reference", uk_v5c_reference)],
        ["my car's {f} is {v}", "{f}: {v} (registered keeper: me)", "o {f} do meu carro é {v}"],
        "vehicle_document",
    ),
    (
        "insurance_policy_number",
        [
            ("policy number", insurance_policy),
            ("Versicherungsscheinnummer", insurance_policy),
            ("numéro de contrat", insurance_policy),
        ],
        ["my home insurance {f} is {v}", "{f}: {v}, policyholder is my wife", "claim for my car, {f} {v}"],
        "policy_number",
    ),
    (
        "student_id_number",
        [("student ID", student_id), ("Matrikelnummer", student_id), ("UCAS Personal ID", student_id)],
        ["my {f} is {v}", "{f}: {v} (enrolled in MSc Data Science)", "meine {f}: {v}"],
        "student_number",
    ),
    (
        "loyalty_member_number",
        [
            ("Clubcard number", loyalty_number),
            ("membership number", loyalty_number),
            ("Payback-Nummer", loyalty_number),
        ],
        ["my {f} is {v}", "{f}: {v} — points not credited since March", "linked {f} {v} to my account"],
        "loyalty_number",
    ),
    (
        "biometric_template",
        [("fingerprint template", fmr_template_b64), ("minutiae template", fmr_template_b64)],
        [
            '{{"subject": "emp-4411", "finger": "right_index", "template": "{v}"}}',
            "enrolled my {f}: {v}",
            'POST /v1/enroll\n{{"format": "ISO_19794_2", "data": "{v}"}}',
        ],
        "fingerprint_template",
    ),
    (
        "caucasus_personal_number",
        [("პირადი ნომერი", ge_personal_number), ("ՀԾՀ", am_public_service_number), ("FİN", az_fin)],
        ["{f}: {v}", "my {f} is {v}", "personal number ({f}) {v}"],
        "personal_number",
    ),
    (
        "mn_register_number",
        [("регистрын дугаар", mn_register), ("register number", mn_register)],
        ["{f}: {v}", "миний {f} {v}", "my {f} is {v}"],
        "register_number",
    ),
]:
    _pii13(_name13p, _kinds13, _own13p, _key13)


_ADDR13 = [
    # (street and number, postcode and city, country): real street names, invented numbers
    (lambda r: f"{r.randrange(1, 90)} Chavchavadze Avenue, apt {r.randrange(1, 80)}", "0179 Tbilisi", "Georgia"),
    (lambda r: f"{r.randrange(1, 60)} Tumanyan St, apt {r.randrange(1, 90)}", "0002 Yerevan", "Armenia"),
    (lambda r: f"Calle Sagárnaga {r.randrange(100, 999)}, Zona Central", "La Paz", "Bolivia"),
    (lambda r: f"Brīvības iela {r.randrange(10, 200)}-{r.randrange(1, 60)}", "LV-1001 Rīga", "Latvia"),
    (
        lambda r: f"Ferhadija {r.randrange(1, 40)}, stan {r.randrange(1, 30)}",
        "71000 Sarajevo",
        "Bosnia and Herzegovina",
    ),
    (lambda r: f"ул. Македонија бр. {r.randrange(1, 60)}", "1000 Скопје", "North Macedonia"),
    (lambda r: f"{r.randrange(1, 40)} Al-Rainbow Street, Jabal Amman", "11183 Amman", "Jordan"),
    (lambda r: f"KG {r.randrange(1, 700)} St, house {r.randrange(1, 60)}", "Kigali", "Rwanda"),
    (lambda r: f"Plot {r.randrange(100, 9999)}, Kabulonga Road", "10101 Lusaka", "Zambia"),
    (lambda r: f"Calle {r.randrange(50, 80)} Este, PH Vista Mar, apto {r.randrange(1, 30)}B", "Panamá", "Panama"),
    (lambda r: f"{r.randrange(1, 90)} Hope Road", "Kingston 6", "Jamaica"),
    (lambda r: f"Jhamsikhel-{r.randrange(1, 30)}, Lalitpur", "44600", "Nepal"),
    (
        lambda r: f"#{r.randrange(10, 300)}, Street {r.randrange(100, 400)}, Sangkat Boeung Keng Kang 1",
        "Phnom Penh",
        "Cambodia",
    ),
    (
        lambda r: f"{r.randrange(1, 20)}-р хороо, {r.randrange(1, 60)}-р байр, {r.randrange(1, 120)} тоот",
        "Улаанбаатар",
        "Монгол",
    ),
]


def address13(r: random.Random) -> str:
    street, city, country = r.choice(_ADDR13)
    return f"{street(r)}, {city}, {country}"


_pii13(
    "address_more13",
    [("home address", address13), ("address", address13)],
    ["my {f} is {v}", "ship it to {v} please", "{f}: {v}", "Lieferadresse: {v}"],
    "home_address",
)


_SCRIPT_NAMES13 = [
    (["කමල්", "නිමලි", "චමින්ද", "සඳුනි"], ["පෙරේරා", "සිල්වා", "ජයසූරිය", "බණ්ඩාර"]),  # Sinhala
    (["હર્ષ", "નિશા", "કિરણ", "મીરા"], ["પટેલ", "દેસાઈ", "શાહ", "મહેતા"]),  # Gujarati
    (["ସୁଭଶ୍ରୀ", "ବିକାଶ", "ଅନିତା", "ପ୍ରଦୀପ"], ["ମହାନ୍ତି", "ଦାସ", "ପଟ୍ଟନାୟକ", "ସାହୁ"]),  # Odia
    (["გიორგი", "ნინო", "დავით", "თამარ"], ["ბერიძე", "კაპანაძე", "გელაშვილი", "ლომიძე"]),  # Georgian
    (["Արամ", "Անի", "Գոռ", "Լիլիթ"], ["Պետրոսյան", "Հակոբյան", "Սարգսյան", "Գրիգորյան"]),  # Armenian
    (["ສົມພອນ", "ນ້ອຍ", "ບຸນມີ", "ແສງ"], ["ແກ້ວມະນີ", "ພົມມະຈັນ", "ສີສຸວັນ", "ວົງສາ"]),  # Lao
]


def script_name13(r: random.Random) -> str:
    firsts, lasts = r.choice(_SCRIPT_NAMES13)
    return f"{r.choice(firsts)} {r.choice(lasts)}"


_pii13(
    "person_name_scripts13",
    [("name", script_name13), ("full name", script_name13)],
    ["the customer's {f} is {v}", "From: {v}", "assignee: {v}", "{f}: {v}"],
    "full_name",
)


# ---------------------------------------------------------------------------------------------
# round 14 (issue 17, branch blind14): written blind to the engine, the holdout since it exists

ROUND14 = 14


def round14_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND14,) * n))


def _picks14(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round14:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {v} the value. Where a value sits when it is pasted: a tool's own listing or an editor's
# buffer that no earlier round copies from.
SECRET_FAMILIES14 = [
    "$ direnv exec . env | grep -i {l}\n{L}={v}",
    "$ doppler secrets get {L} --plain\n{v}",
    '$ op item get "api {k}" --fields credential --reveal\n{v}',
    "$ bat --plain .env.production\nLOG_LEVEL=warn\n{L}={v}\nWORKERS=4",
    '(gdb) p getenv("{L}")\n$1 = 0x5555555592a0 "{v}"',
    "$ skaffold render | yq '.spec.template.spec.containers[0].env'\n- name: {L}\n  value: {v}",
    "$ flyctl ssh console -C 'printenv {L}'\nConnecting to fdaa:0:3b4f::3...\n{v}",
    "[{k}]\ntype = static\nvalue = {v}\n; rotated by ops on Monday",
    '<env name="{L}" value="{v}" force="true"/>',  # phpunit.xml
    "- {c}: {v}  # TODO move to the vault before merging",
    'IEx> System.get_env("{L}")\n"{v}"',
    "Den Token {v} geet net méi, ech kréien all Kéier 401",  # Luxembourgish
    "Il-kodiċi {v} ma jaħdimx, nieħu 401 kull darba",  # Maltese
    "Kle {v} la pa mache, m ap jwenn 401 chak fwa",  # Haitian Creole
    "Kay {v} llave mana llamk'anchu, sapa kuti 401 kutimun",  # Quechua
]

# PII families: {f} the field in words, {k} a snake-case key, {c} its camel case, {v} the value.
PII_FAMILIES14 = [
    "mysql> SELECT id, {k} FROM customers WHERE id = 4411;\n+------+------------+\n| id   | {k} |\n"
    "+------+------------+\n| 4411 | {v} |\n+------+------------+",
    "$ xsv search -s {k} . people.csv | xsv table\nid    {k}\n4411  {v}",
    'customer.{c} = "{v}"  # hard-coded while reproducing the bug',
    '{{:id 4411, :{k} "{v}"}}',  # Clojure EDN at a REPL
    "BEGIN:VCARD\nVERSION:3.0\nN:;;;;\nX-{k}:{v}\nEND:VCARD",
    "Rows with bad {f}:\n  row 17: {v}",
    "{f} «{v}» is rejected by the regex in signup.ts",
    "Ir-reġistru juri {f}: {v}",  # Maltese
    "Kliyan an voye {f}: {v}, tanpri verifye",  # Haitian Creole
    "Runaqa {f} nisqanta apachimun: {v}, qhawariy",  # Quechua
]


def _extend14(name: str, make14: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-14 families (drawn by ``make14`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make14(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND14,) * n)


def _generic14(name: str, kind: str, k: int = 2) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """Two of round 14's shared families for a one-value category of an earlier round."""
    fams = SECRET_FAMILIES14 if kind == "secret" else PII_FAMILIES14
    picks = [fams[j] for j in _picks14(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = (
        FIELD12.get(name)
        or FIELD11.get(name)
        or FIELD10.get(name)
        or FIELD9.get(name)
        or FIELD8.get(name)
        or FIELD7.get(name)
        or FIELD6.get(name)
        or name.replace("_", " ")
    )
    key = KEY12.get(name) or KEY11.get(name) or KEY10.get(name) or KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value11(name, rng)
        text = _choose(
            picks,
            t,
            v=v,
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            f=fname,
        )
        return text, [v]

    return make, len(picks)


# Where a whole earlier snippet arrives from when its values only make sense together (key pairs,
# key blocks, user names in paths, URLs): {s} is an earlier family's text, kept verbatim.
CONTAINERS14 = [
    "$ xclip -o -selection clipboard\n{s}",
    "--- a/notes/scratch.md\n+++ b/notes/scratch.md\n@@ -0,0 +1 @@\n{s}",
    "$ wl-paste\n{s}",
    "$ kubectl exec -it deploy/api -- cat /run/config/app.conf\n{s}",
    "Attached file `debug.txt` (text/plain):\n{s}\n[end of attachment]",
]


def _container14(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    old = next(c for c in CATS if c.name == name)
    earlier = [r for r in old.rounds if r < ROUND13] or list(old.rounds)
    inner = [t for t, r in enumerate(old.rounds) if r == max(earlier)]  # its newest families before round 13's
    frames = [CONTAINERS14[j] for j in _picks14(name, len(CONTAINERS14), 2)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        snippet, needles = old.make(rng, inner[rng.randrange(len(inner))])
        return frames[t % len(frames)].replace("{s}", snippet), needles

    return make, len(frames)


for _c in [c for c in CATS if ROUND14 not in c.rounds]:
    if _c.name in _SPECIFIC12 or len(_c.make(random.Random(f"round14:{_c.name}"), 0)[1]) > 1:
        _extend14(_c.name, *_container14(_c.name))
    else:
        _extend14(_c.name, *_generic14(_c.name, _c.kind))


def _multi14(
    formats: list[tuple[str, Callable[[random.Random], str]]],
    own: list[str],
    name: str,
    fits: dict[int, tuple[str, ...]] | None = None,
    shared: int = 2,
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several formats (a label and a generator each): its own templates and two of
    round 14's shared families; ``fits`` limits an own template to the formats its tool writes."""
    templates = own + [SECRET_FAMILIES14[j] for j in _picks14(name, len(SECRET_FAMILIES14), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        allowed = (fits or {}).get(t % len(templates))
        label, gen = rng.choice([f for f in formats if allowed is None or f[0] in allowed])
        v = gen(rng)
        text = _choose(templates, t, v=v, L=label, l=label.lower(), k=label.lower().replace("_", "-"), c=_camel(label))
        return text, [v]

    return make, len(templates)


def bw_session(r: random.Random) -> str:
    return _b64(r, 64)  # `bw unlock --raw`: base64 of a 64-byte session key


def uptimerobot_key(r: random.Random) -> str:
    # UptimeRobot main API keys: "u", the account number, a dash, 24 hex characters
    return f"u{r.randrange(10**6, 10**7)}-{_rs(r, HEX, 24)}"


def canvas_token(r: random.Random) -> str:
    # Canvas LMS access tokens: the token's id on the instance, "~", 64 characters
    return f"{r.randrange(1000, 30000)}~{_rs(r, B62, 64)}"


def helicone_key(r: random.Random) -> str:
    return "sk-helicone-" + "-".join(_rs(r, LOWER_ALNUM, 7) for _ in range(4))


for _name14, _formats14, _own14, _fits14 in [
    (
        "pm_cli_session",
        [
            ("BW_SESSION", bw_session),
            ("OP_SESSION_acme", lambda r: _rs(r, B64URL, 43)),
            ("LPASS_AGENT_KEY", lambda r: _rs(r, HEX, 64)),
        ],
        [
            "{L}={v}",
            '$ bw unlock --raw\n{v}\n$ export BW_SESSION="$(bw unlock --raw)"',
            "$ eval $(op signin)\n$ env | grep OP_\nOP_SESSION_acme={v}",
            "$ bw list items --search stripe --session {v} | jq '.[0].login'",
        ],
        {1: ("BW_SESSION",), 2: ("OP_SESSION_acme",), 3: ("BW_SESSION",)},
    ),
    (
        "scim_provisioning_token",
        [
            ("SCIM_BEARER_TOKEN", lambda r: _rs(r, B62, 40)),
            ("AAD_SCIM_SECRET_TOKEN", lambda r: _rs(r, HEX, 64)),
            ("OKTA_SCIM_TOKEN", lambda r: _rs(r, B64URL, 48)),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: Bearer {v}' -H 'Content-Type: application/scim+json' "
            "https://app.acme.dev/scim/v2/Users?count=1",
            "Provisioning > Admin Credentials\nTenant URL: https://app.acme.dev/scim/v2\n"
            "Secret Token: {v}\n[Test Connection]",
            'resource "okta_app_oauth" "portal" {{\n  # SCIM connector\n  scim_token = "{v}"\n}}',
        ],
        None,
    ),
    (
        "sip_trunk_password",
        [("SIP_PASSWORD", password), ("SIP_SECRET", lambda r: _rs(r, B62, r.randrange(12, 25)))],
        [
            "{L}={v}",
            "[trunk-auth]\ntype=auth\nauth_type=userpass\nusername=4420300\npassword={v}",  # pjsip.conf
            # sip.conf
            "[voipprovider]\ntype=peer\nhost=sip.carrier.net\nusername=4420300\nsecret={v}\ninsecure=invite",
            '<gateway name="carrier">\n  <param name="username" value="4420300"/>\n'
            '  <param name="password" value="{v}"/>\n</gateway>',  # FreeSWITCH
            "[admin]\nsecret = {v}\nread = system,call\nwrite = originate",  # Asterisk manager.conf
        ],
        None,
    ),
    (
        "lms_api_token",
        [
            ("CANVAS_API_TOKEN", canvas_token),
            ("MOODLE_WSTOKEN", lambda r: _rs(r, HEX, 32)),
            ("BLACKBOARD_APP_SECRET", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: Bearer {v}' https://canvas.acme.edu/api/v1/courses?per_page=50",
            "https://moodle.acme.edu/webservice/rest/server.php?wstoken={v}&wsfunction=core_course_get_courses"
            "&moodlewsrestformat=json",
            "canvas = Canvas('https://canvas.acme.edu', '{v}')",
        ],
        {1: ("CANVAS_API_TOKEN",), 2: ("MOODLE_WSTOKEN",), 3: ("CANVAS_API_TOKEN",)},
    ),
    (
        "support_chat_secret",
        [
            ("CRISP_TOKEN_KEY", lambda r: _rs(r, HEX, 64)),
            ("HELPSCOUT_APP_SECRET", lambda r: _rs(r, B62, 32)),
            ("GORGIAS_API_KEY", lambda r: _rs(r, HEX, 64)),
            ("LIVECHAT_PAT", lambda r: r.choice(["dal", "fra"]) + ":" + _rs(r, B64URL, 27)),
        ],
        [
            "{L}={v}",
            "curl -u 'b7e3c1d2-6a4f-4c8e-9d21-3f5a7b9c0e14:{v}' -H 'X-Crisp-Tier: plugin' "
            "https://api.crisp.chat/v1/website/3a1f/conversations/1",
            "curl -u ops@acme.dev:{v} https://acme.gorgias.com/api/tickets?limit=5",
            "curl -u 'c4b1e7a0-2f9d-4e3c-8b56-71d0a9e3f2c8:{v}' https://api.livechatinc.com/v3.5/agent/action/list_chats",
        ],
        {1: ("CRISP_TOKEN_KEY",), 2: ("GORGIAS_API_KEY",), 3: ("LIVECHAT_PAT",)},
    ),
    (
        "newsletter_platform_key",
        [
            ("KLAVIYO_PRIVATE_KEY", lambda r: "pk_" + _rs(r, HEX, 34)),
            ("KIT_API_SECRET", lambda r: _rs(r, B64URL, 43)),
            ("BEEHIIV_API_KEY", lambda r: _rs(r, B62, 64)),
            ("CUSTOMERIO_APP_API_KEY", lambda r: _rs(r, HEX, 32)),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: Klaviyo-API-Key {v}' -H 'revision: 2024-10-15' https://a.klaviyo.com/api/lists/",
            "curl 'https://api.convertkit.com/v3/subscribers?api_secret={v}&from=2024-01-01'",
            "const client = new APIClient('{v}', {{ region: RegionEU }});",
        ],
        {1: ("KLAVIYO_PRIVATE_KEY",), 2: ("KIT_API_SECRET",), 3: ("CUSTOMERIO_APP_API_KEY",)},
    ),
    (
        "survey_platform_key",
        [
            ("SURVEYMONKEY_ACCESS_TOKEN", lambda r: _rs(r, B62, 30) + "-" + _rs(r, B62 + "-", 40)),
            ("JOTFORM_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("QUALTRICS_API_TOKEN", lambda r: _rs(r, B62, 40)),
            ("TALLY_API_KEY", lambda r: "tly-" + _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "curl 'https://eu-api.jotform.com/user/forms?apiKey={v}&limit=20'",
            "curl -H 'X-API-TOKEN: {v}' https://fra1.qualtrics.com/API/v3/surveys",
            "curl -H 'Authorization: bearer {v}' https://api.surveymonkey.com/v3/surveys",
        ],
        {1: ("JOTFORM_API_KEY",), 2: ("QUALTRICS_API_TOKEN",), 3: ("SURVEYMONKEY_ACCESS_TOKEN",)},
    ),
    (
        "scraping_proxy_credential",
        [
            ("BRIGHTDATA_ZONE_PASSWORD", lambda r: _rs(r, LOWER_ALNUM, 12)),
            ("SCRAPERAPI_KEY", lambda r: _rs(r, HEX, 32)),
            ("ZENROWS_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("APIFY_TOKEN", lambda r: "apify_api_" + _rs(r, B62, 36)),
        ],
        [
            "{L}={v}",
            "curl -x http://brd-customer-hl_4f2a91c3-zone-residential:{v}@brd.superproxy.io:33335 https://ipinfo.io",
            "curl 'https://api.scraperapi.com/?api_key={v}&url=https%3A%2F%2Fshop.example%2Fp%2F42&render=true'",
            "proxies = {{'https': 'http://{v}:js_render=true@api.zenrows.com:8001'}}",
            "apify login --token {v}",
        ],
        {
            1: ("BRIGHTDATA_ZONE_PASSWORD",),
            2: ("SCRAPERAPI_KEY",),
            3: ("ZENROWS_API_KEY",),
            4: ("APIFY_TOKEN",),
        },
    ),
    (
        "uptime_monitor_key",
        [
            ("UPTIMEROBOT_API_KEY", uptimerobot_key),
            ("CHECKLY_API_KEY", lambda r: "cu_" + _rs(r, HEX, 32)),
            ("CRONITOR_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("BETTERSTACK_API_TOKEN", lambda r: _rs(r, B62, 24)),
        ],
        [
            "{L}={v}",
            "curl -X POST https://api.uptimerobot.com/v2/getMonitors -d 'api_key={v}&format=json'",
            "npx checkly deploy --force  # CHECKLY_ACCOUNT_ID=4f1c… CHECKLY_API_KEY={v}",
            "curl -u {v}: https://cronitor.io/api/monitors?env=production",
        ],
        {1: ("UPTIMEROBOT_API_KEY",), 2: ("CHECKLY_API_KEY",), 3: ("CRONITOR_API_KEY",)},
    ),
    (
        "media_cdn_secret",
        [
            ("FILESTACK_APP_SECRET", lambda r: _rs(r, ALNUM_UP, 26)),
            ("IMAGEKIT_PRIVATE_KEY", lambda r: "private_" + _b64(r, 21)),
            ("IMGIX_SECURE_TOKEN", lambda r: _rs(r, B62, 16)),
            ("UPLOADCARE_SECRET_KEY", lambda r: _rs(r, HEX, 20)),
            ("IMGPROXY_KEY", lambda r: _rs(r, HEX, 64)),
        ],
        [
            "{L}={v}",
            "signature = hmac.new(b'{v}', policy_b64.encode(), hashlib.sha256).hexdigest()  # Filestack policy",
            "const imagekit = new ImageKit({{ publicKey: 'public_Xq3v9LkP2mN8', privateKey: '{v}', "
            "urlEndpoint: 'https://ik.imagekit.io/acme' }});",
            "docker run -p 8080:8080 -e IMGPROXY_KEY={v} -e IMGPROXY_SALT=$IMGPROXY_SALT darthsim/imgproxy",
        ],
        {1: ("FILESTACK_APP_SECRET",), 2: ("IMAGEKIT_PRIVATE_KEY",), 3: ("IMGPROXY_KEY",)},
    ),
    (
        "open_banking_secret",
        [
            ("TINK_CLIENT_SECRET", lambda r: _rs(r, HEX, 32)),
            ("GOCARDLESS_BAD_SECRET_KEY", lambda r: _rs(r, HEX, 128)),
            ("YAPILY_APPLICATION_SECRET", _uuid4),
            ("SALTEDGE_SECRET", lambda r: _rs(r, B64URL, 43)),
        ],
        [
            "{L}={v}",
            "curl -X POST https://bankaccountdata.gocardless.com/api/v2/token/new/ "
            '-d \'{{"secret_id": "0c4f7e21-8a3b-4d9e-b6f1-2a5c9e7d3b10", "secret_key": "{v}"}}\'',
            "curl -u 5f2c8e1a-7b3d-4c9f-a0e6-1d4b7c2e9f30:{v} https://api.yapily.com/institutions",
            "curl https://api.tink.com/api/v1/oauth/token -d client_id=5f0b2c7e9a1d4e83 -d client_secret={v} "
            "-d grant_type=client_credentials",
        ],
        {1: ("GOCARDLESS_BAD_SECRET_KEY",), 2: ("YAPILY_APPLICATION_SECRET",), 3: ("TINK_CLIENT_SECRET",)},
    ),
    (
        "travel_api_secret",
        [
            ("AMADEUS_CLIENT_SECRET", lambda r: _rs(r, B62, 16)),
            ("TEQUILA_API_KEY", lambda r: _rs(r, B62 + "-_", 32)),
            ("SABRE_CLIENT_SECRET", lambda r: _rs(r, B62, 8)),
            ("HOTELBEDS_SECRET", lambda r: _rs(r, LOWER_ALNUM, 10)),
        ],
        [
            "{L}={v}",
            "curl https://test.api.amadeus.com/v1/security/oauth2/token -d grant_type=client_credentials "
            "-d client_id=Gk3vT9pLmQ2rX8yZ -d client_secret={v}",
            "curl -H 'apikey: {v}' 'https://api.tequila.kiwi.com/v2/search?fly_from=PRG&fly_to=LIS'",
            "signature = sha256(api_key + '{v}' + str(int(time.time())))  # Hotelbeds X-Signature",
        ],
        {1: ("AMADEUS_CLIENT_SECRET",), 2: ("TEQUILA_API_KEY",), 3: ("HOTELBEDS_SECRET",)},
    ),
    (
        "dbaas_credential",
        [
            ("AIVEN_SERVICE_PASSWORD", lambda r: "AVNS_" + _rs(r, B62 + "-_", 19)),
            ("INSTACLUSTR_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("TIMESCALE_PASSWORD", lambda r: _rs(r, LOWER_ALNUM, 16)),
            ("PRISMA_ACCELERATE_KEY", jwt),
        ],
        [
            "{L}={v}",
            "avnadmin:{v}@pg-acme-prod.a.aivencloud.com:21698/defaultdb?sslmode=require",
            "curl -u ops-bot:{v} https://api.instaclustr.com/cluster-management/v2/resources/applications/kafka/clusters/v2/",
            'DATABASE_URL="prisma://accelerate.prisma-data.net/?api_key={v}"',
            "psql 'postgres://tsdbadmin:{v}@x7k2q9.tsdb.cloud.timescale.com:34211/tsdb?sslmode=require'",
        ],
        {
            1: ("AIVEN_SERVICE_PASSWORD",),
            2: ("INSTACLUSTR_API_KEY",),
            3: ("PRISMA_ACCELERATE_KEY",),
            4: ("TIMESCALE_PASSWORD",),
        },
    ),
    (
        "llm_gateway_key",
        [
            ("HELICONE_API_KEY", helicone_key),
            ("PORTKEY_API_KEY", lambda r: _rs(r, B62 + "+/", 32)),
            ("LITELLM_MASTER_KEY", lambda r: "sk-" + _rs(r, B64URL, 22)),
            ("BRAINTRUST_API_KEY", lambda r: "sk-" + _rs(r, B62, 48)),
        ],
        [
            "{L}={v}",
            "client = OpenAI(base_url='https://oai.helicone.ai/v1', default_headers={{'Helicone-Auth': 'Bearer {v}'}})",
            "curl https://api.portkey.ai/v1/chat/completions -H 'x-portkey-api-key: {v}' "
            "-H 'x-portkey-provider: openai'",
            "general_settings:\n  master_key: {v}\n  database_url: os.environ/DATABASE_URL",  # LiteLLM proxy config
        ],
        {1: ("HELICONE_API_KEY",), 2: ("PORTKEY_API_KEY",), 3: ("LITELLM_MASTER_KEY",)},
    ),
    (
        "agent_sandbox_key",
        [
            ("E2B_API_KEY", lambda r: "e2b_" + _rs(r, HEX, 40)),
            ("BROWSERBASE_API_KEY", lambda r: "bb_live_" + _rs(r, B64URL, 27)),
            ("DAYTONA_API_KEY", lambda r: "dtn_" + _rs(r, HEX, 64)),
            ("MEM0_API_KEY", lambda r: "m0-" + _rs(r, B62, 40)),
        ],
        [
            "{L}={v}",
            "sandbox = Sandbox.create(template='base', api_key='{v}')",
            "curl -X POST https://api.browserbase.com/v1/sessions -H 'X-BB-API-Key: {v}' "
            '-d \'{{"projectId": "p_91c"}}\'',
            'client = MemoryClient(api_key="{v}")',
        ],
        {1: ("E2B_API_KEY",), 2: ("BROWSERBASE_API_KEY",), 3: ("MEM0_API_KEY",)},
    ),
    (
        "web_analytics_secret",
        [
            ("MATOMO_TOKEN_AUTH", lambda r: _rs(r, HEX, 32)),
            ("PLAUSIBLE_API_KEY", lambda r: _rs(r, B64URL, 64)),
            ("FULLSTORY_API_KEY", lambda r: "na1." + _b64(r, 60)),
            ("PENDO_INTEGRATION_KEY", lambda r: _uuid4(r) + ".us"),
        ],
        [
            "{L}={v}",
            "curl 'https://stats.acme.dev/index.php?module=API&method=VisitsSummary.get&idSite=3&period=day"
            "&date=yesterday&format=JSON&token_auth={v}'",
            "curl -H 'Authorization: Bearer {v}' 'https://plausible.io/api/v2/query' -d @query.json",
            "curl -H 'Authorization: Basic {v}' https://api.fullstory.com/v2/users",
            "curl -H 'x-pendo-integration-key: {v}' https://app.pendo.io/api/v1/aggregation",
        ],
        {
            1: ("MATOMO_TOKEN_AUTH",),
            2: ("PLAUSIBLE_API_KEY",),
            3: ("FULLSTORY_API_KEY",),
            4: ("PENDO_INTEGRATION_KEY",),
        },
    ),
]:
    round14_custom(_name14, "secret", *_multi14(_formats14, _own14, _name14, fits=_fits14))


def _wire_secret(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A secret seen on the wire or in a syscall trace: ``tcpdump -A``, ``strace -e write``,
    Wireshark's "Follow TCP stream", ``mitmdump`` and ``ngrep`` (plain HTTP inside a private network)."""
    v = rng.choice([_rs(rng, B62, rng.randrange(28, 44)), "sk_live_" + _rs(rng, B62, 24), password(rng)])
    forms = [
        "$ sudo tcpdump -A -i eth0 'tcp port 8080' | grep -a -m1 -i authorization\n"
        f"E..(..@.@.....Authorization: Bearer {v}",
        f'$ strace -f -e trace=write -s 200 ./migrate\n[pid  4411] write(3, "AUTH {v}\\r\\n", '
        f"{len(v) + 7}) = {len(v) + 7}",
        "POST /v1/sync HTTP/1.1\nHost: inventory.internal:8080\nContent-Type: application/json\n"
        f'X-Api-Key: {v}\n\n{{"since": 0}}HTTP/1.1 200 OK',
        f"127.0.0.1:51234: POST http://localhost:9000/login\n    username: svc-sync\n    password: {v}\n"
        " << 302 Found 0b",
        f"T 10.0.3.7:43122 -> 10.0.3.9:6379 [AP] #4\n  AUTH default {v}..",
    ]
    return forms[t], [v]


round14_custom("wire_capture_secret", "secret", _wire_secret, 5)


# --- round 14's new personal data


def _pii14(name: str, kinds: list[tuple[str, Callable[[random.Random], str]]], own: list[str], key: str) -> None:
    """A new personal-data category of one or more kinds (a field label and a generator each): its
    own templates and two of round 14's shared families, ``{f}`` the drawn kind's label."""
    GENS[name] = lambda r: kinds[r.randrange(len(kinds))][1](r)
    shared = [PII_FAMILIES14[j] for j in _picks14(name, len(PII_FAMILIES14), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        fname, gen = kinds[rng.randrange(len(kinds))]
        v = gen(rng)
        return _choose(templates, t, v=v, f=fname, k=key, c=_camel(key)), [v]

    round14_custom(name, "pii", make, len(templates))


def qa_qid(r: random.Random) -> str:
    """Qatar's QID: the century of birth (2 for the 1900s, 3 after), the birth year's last two digits,
    the holder's nationality (ISO 3166 numeric) and a five-digit serial."""
    y, _, _ = _birth(r)
    nat = r.choice(["634", "356", "586", "050", "608", "818", "400", "144"])
    return f"{2 if y < 2000 else 3}{y % 100:02d}{nat}{_d(r, 5)}"


def tn_cin(r: random.Random) -> str:
    return r.choice("01") + _d(r, 7)  # Tunisia's carte d'identité nationale: eight digits


def ad_nrt_person(r: random.Random) -> str:
    """Andorra's NRT of a natural person (F: resident, E: non-resident), six digits and a check letter
    (python-stdnum accepts it); the letters of companies and bodies are never drawn."""
    v = _until_valid(
        "ad.nrt",
        lambda r: r.choice("FE") + f"{r.randrange(0, 700000):06d}" + r.choice(string.ascii_uppercase),
        r,
    )
    return f"{v[0]}-{v[1:7]}-{v[7]}" if r.random() < 0.5 else v


_ZW_LETTERS = "ZABCDEFGHJKLMNPQRSTVWXY"  # the check letter of a Zimbabwean id: the number mod 23


def zw_national_id(r: random.Random) -> str:
    district = r.choice(["08", "63", "29", "42", "58", "70"])
    serial = _d(r, r.choice([6, 7]))
    letter = _ZW_LETTERS[int(district + serial) % 23]
    sep = r.choice(["-", " "])
    return f"{district}{sep}{serial}{sep}{letter}{sep}{r.randrange(10, 90)}"


def zm_nrc(r: random.Random) -> str:
    return f"{_d(r, 6)}/{r.randrange(10, 99)}/1"  # Zambia's NRC: serial / district / citizen


def bw_omang(r: random.Random) -> str:
    return f"{_d(r, 4)}{r.choice('12')}{_d(r, 4)}"  # Botswana's Omang: 9 digits, the fifth 1 or 2 (sex)


_MM_TOWNSHIPS = ["MaYaKa", "KaMaYa", "BaHaNa", "OuKaMa", "LaMaNa", "PaBaTa", "DaGaNa"]


def mm_nrc(r: random.Random) -> str:
    # Myanmar's National Registration Card: state / township code (citizenship) six digits
    return f"{r.randrange(1, 15)}/{r.choice(_MM_TOWNSHIPS)}(N){_d(r, 6)}"


def ma_cin(r: random.Random) -> str:
    return _rs(r, string.ascii_uppercase, r.choice([1, 2])) + _d(r, 6)  # Morocco's CIN


def sim_iccid(r: random.Random) -> str:
    # a SIM card's ICCID: 89 (telecom), a country code, an issuer, the account, a Luhn digit
    v = luhn_complete("89" + r.choice(["44", "49", "33", "31", "34", "1"]) + _d(r, 2), 19, r)
    return " ".join(v[i : i + 4] for i in range(0, 19, 4)) if r.random() < 0.3 else v


_PNR_ALPHA = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def booking_reference(r: random.Random) -> str:
    return _rs(r, _PNR_ALPHA, 6)  # an airline or rail booking code: it opens one traveller's booking


def inmate_number(r: random.Random) -> str:
    return r.choice(
        [
            lambda: f"{_d(r, 5)}-{_d(r, 3)}",  # US federal register number
            lambda: f"{r.choice('ABCDEFGHKLMNPRT')}{_d(r, 4)}{_rs(r, string.ascii_uppercase, 2)}",  # HMPPS prison no.
            lambda: f"DOC #{_d(r, 7)}",
        ]
    )()


def library_card(r: random.Random) -> str:
    # a patron barcode (Codabar, 14 digits): 2 (patron), the library's code, a serial, a Luhn digit
    return luhn_complete("2" + _d(r, 4), 14, r)


_BIRTH_PLACES = [
    "Vila Nova de Famalicão",
    "Szombathely",
    "Villanueva de la Serena",
    "Kristiansund",
    "Trnava",
    "Oruro",
    "Kumasi",
    "Nakhon Ratchasima",
    "Castelfranco Veneto",
    "Bad Kreuznach",
    "Kuressaare",
    "Tizi Ouzou",
]


def birth_place(r: random.Random) -> str:
    return r.choice(_BIRTH_PLACES)


def face_embedding(r: random.Random) -> str:
    # a face recogniser's embedding of one enrolled person (the first dimensions as logged)
    return "[" + ", ".join(f"{r.uniform(-0.3, 0.3):.4f}" for _ in range(r.randrange(12, 20))) + "]"


for _name14p, _kinds14, _own14p, _key14 in [
    (
        "qa_qid",
        [("QID", qa_qid), ("رقم البطاقة الشخصية", qa_qid), ("Qatar ID", qa_qid)],
        ["{f}: {v}", "my {f} is {v}", "{f} {v} (expires 2027)"],
        "qid",
    ),
    (
        "tn_cin",
        [("CIN", tn_cin), ("رقم بطاقة التعريف الوطنية", tn_cin), ("carte d'identité nationale", tn_cin)],
        ["{f} : {v}", "le numéro de ma {f} est {v}", "{f} n° {v}"],
        "cin_tn",
    ),
    (
        "ad_nrt_person",
        [("NRT", ad_nrt_person), ("número de registre tributari", ad_nrt_person)],
        ["{f}: {v}", "el meu {f} és {v}", "my {f} is {v}"],
        "nrt",
    ),
    (
        "southern_africa_id",
        [("national ID", zw_national_id), ("NRC", zm_nrc), ("Omang", bw_omang)],
        ["{f}: {v}", "my {f} is {v}", "{f} number {v}"],
        "national_id",
    ),
    (
        "mm_nrc",
        [("NRC", mm_nrc), ("နိုင်ငံသားစိစစ်ရေးကတ်", mm_nrc)],
        ["{f}: {v}", "my {f} is {v}", "{f} no. {v}"],
        "nrc_number",
    ),
    (
        "ma_cin",
        [("CIN", ma_cin), ("رقم البطاقة الوطنية", ma_cin), ("carte nationale", ma_cin)],
        ["{f} : {v}", "mon {f} est {v}", "N° {f} {v}"],
        "cin",
    ),
    (
        "sim_iccid",
        [("ICCID", sim_iccid), ("SIM number", sim_iccid)],
        ["the {f} of my phone's SIM is {v}", "my {f}: {v}", "{f} {v} (my personal line)"],
        "iccid",
    ),
    (
        "booking_reference",
        [("booking reference", booking_reference), ("PNR", booking_reference), ("Buchungscode", booking_reference)],
        ["my {f} is {v}", "{f}: {v} (return leg changed)", "{f} {v} for my trip to Porto"],
        "booking_ref",
    ),
    (
        "inmate_number",
        [("register number", inmate_number), ("prison number", inmate_number), ("inmate number", inmate_number)],
        ["my brother's {f} is {v}", "{f}: {v} (for the visit form)", "letter for {f} {v}"],
        "inmate_no",
    ),
    (
        "library_patron_card",
        [("library card", library_card), ("patron barcode", library_card), ("Bibliotheksausweis", library_card)],
        ["my {f} is {v}", "{f}: {v}", "renew with {f} {v}"],
        "library_card",
    ),
    (
        "birth_place",
        [("place of birth", birth_place), ("Geburtsort", birth_place), ("lieu de naissance", birth_place)],
        ["{f}: {v}", "aged 34, {f} {v}", "I was born in {v}"],
        "place_of_birth",
    ),
    (
        "face_embedding",
        [("face embedding", face_embedding), ("face template", face_embedding)],
        [
            '{{"person": "visitor-0917", "{k}": {v}}}',
            "enrolled {f} for my badge: {v}",
            "INSERT INTO faces (employee, vec) VALUES (4411, '{v}');",
        ],
        "face_vector",
    ),
]:
    _pii14(_name14p, _kinds14, _own14p, _key14)


def _ip_named(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A person's address in a log line beside their name: both planted (each identifies them)."""
    ip, name = public_ipv4(rng), person_name(rng)
    forms = [
        f'{ip} - - [05/Dec/2026:14:03:11 +0000] "GET /account HTTP/1.1" 200 512 user="{name}"',
        f"login ok: {name} from {ip} (home broadband)",
        f"vpn: session up for {name}, peer {ip}:51820",
        f'{{"event": "password_reset", "name": "{name}", "client_ip": "{ip}"}}',
    ]
    return forms[t], [ip, name]


round14_custom("ip_with_person_name", "pii", _ip_named, 4)


_ADDR14 = [
    (lambda r: f"Avenida Mariscal López {r.randrange(100, 4000)} c/ Kubitschek", "Asunción", "Paraguay"),
    (lambda r: f"{r.randrange(1, 90)} rue de Marseille, appt {r.randrange(1, 30)}", "1000 Tunis", "Tunisie"),
    (
        lambda r: f"Building {r.randrange(1, 99)}, Street {r.randrange(800, 999)}, Zone {r.randrange(20, 70)}",
        "Doha",
        "Qatar",
    ),
    (lambda r: f"Way {r.randrange(2000, 4999)}, House {r.randrange(1, 900)}, Al Khuwair", "Muscat 133", "Oman"),
    (lambda r: f"House {r.randrange(1, 99)}, Norzin Lam", "Thimphu 11001", "Bhutan"),
    (lambda r: f"Ban Phonxay, Unit {r.randrange(1, 40)}, House {r.randrange(1, 300)}", "Vientiane", "Laos"),
    (lambda r: f"{r.randrange(1, 90)} Waimanu Road", "Suva", "Fiji"),
    (lambda r: f"Leoforos Makariou {r.randrange(1, 200)}, flat {r.randrange(1, 30)}", "1065 Nicosia", "Cyprus"),
    (lambda r: f"вул. Кірава, д. {r.randrange(1, 60)}, кв. {r.randrange(1, 200)}", "220030 Мінск", "Беларусь"),
    (lambda r: f"ул. Токтогула {r.randrange(1, 250)}, кв. {r.randrange(1, 90)}", "720001 Бишкек", "Кыргызстан"),
    (
        lambda r: f"Amir Temur ko'chasi {r.randrange(1, 120)}-uy, {r.randrange(1, 90)}-xonadon",
        "100000 Toshkent",
        "Oʻzbekiston",
    ),
    (lambda r: f"Lot II {r.choice('ABCDFGHJ')} {r.randrange(1, 99)} Analakely", "101 Antananarivo", "Madagascar"),
    (lambda r: f"{r.randrange(1, 60)} Nelson Mandela Avenue, Klein Windhoek", "Windhoek", "Namibia"),
    (lambda r: f"Plot {r.randrange(1000, 60000)}, Block {r.randrange(3, 10)}", "Gaborone", "Botswana"),
    (lambda r: f"#{r.randrange(1, 90)} Ariapita Avenue, Woodbrook", "Port of Spain", "Trinidad and Tobago"),
    (lambda r: f"Colonia Palmira, Avenida República de Chile, casa {r.randrange(100, 999)}", "Tegucigalpa", "Honduras"),
]


def address14(r: random.Random) -> str:
    street, city, country = r.choice(_ADDR14)
    return f"{street(r)}, {city}, {country}"


_pii14(
    "address_more14",
    [("home address", address14), ("address", address14), ("dirección", address14)],
    ["my {f} is {v}", "deliver to {v}", "{f}: {v}", "Adresse du domicile : {v}"],
    "home_address",
)


_SCRIPT_NAMES14 = [
    (["އަޙްމަދު", "ޢާއިޝަތު", "މުޙައްމަދު", "މަރިޔަމް"], ["ރަޝީދު", "ޙަސަން", "އިބްރާހީމް", "ޝަރީފް"]),  # Thaana
    (["ܝܘܚܢܢ", "ܡܪܝܡ", "ܐܦܪܝܡ", "ܫܡܘܢܐ"], ["ܐܕܝ", "ܒܪܨܘܡܐ", "ܓܒܪܐܝܠ", "ܝܥܩܘܒ"]),  # Syriac
    (["ⵢⵓⴱⴰ", "ⵜⵉⵏⵀⵉⵏⴰⵏ", "ⵎⴰⵙⵉⵏⵉⵙⴰ", "ⵜⵉⵍⴻⵍⵍⵉ"], ["ⴰⵢⵜ ⵄⵍⵉ", "ⵓⵎⴰⵣⵉⵖ", "ⴰⵎⵔⴰⵏ", "ⵓⵍⵃⴰⵊ"]),  # Tifinagh
    (["ᠪᠠᠲᠤ", "ᠰᠠᠷᠠᠨ", "ᠲᠡᠮᠦᠵᠢᠨ", "ᠣᠶᠤᠨ"], ["ᠪᠣᠷᠵᠢᠭᠢᠨ", "ᠬᠣᠩᠭᠢᠷᠠᠳ", "ᠵᠠᠯᠠᠶᠢᠷ", "ᠣᠢᠷᠠᠳ"]),  # Mongolian script
    (["ᏍᏏᏉᏯ", "ᎠᏓᏅᏙ", "ᏩᎵ", "ᎤᏍᏗ"], ["ᎪᏍᏔᏯ", "ᏚᏯ", "ᎠᏥᎳ", "ᏌᎳᏓ"]),  # Cherokee syllabary
]


def script_name14(r: random.Random) -> str:
    firsts, lasts = r.choice(_SCRIPT_NAMES14)
    return f"{r.choice(firsts)} {r.choice(lasts)}"


_pii14(
    "person_name_scripts14",
    [("name", script_name14), ("full name", script_name14)],
    ["the applicant's {f} is {v}", "Signed: {v}", "reviewer: {v}", "{f}: {v}"],
    "full_name",
)


# ---------------------------------------------------------------------------------------------
# round 15 (issue 17, branch blind15): written blind to the engine, the holdout since it exists

ROUND15 = 15


def round15_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND15,) * n))


def _picks15(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round15:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} its lower case, {k} kebab case, {c} camel
# case, {v} the value, {vq} the value URL-encoded, {v1} / {v2} its two halves (both planted). Round
# 15 is about carry: the label sits on another line, in a column header, after the value, in a
# sibling JSON field or in another language, or the value is cut in two and joined by code.
SECRET_FAMILIES15 = [
    "# {L} (prod, rotated 2026-11-30)\n{v}",
    "SERVICE     OWNER       {L}\nbilling     payments    {v}\nsearch      platform    (unset)",
    "{v}\n^ that one is the {k}, paste it into Settings > Integrations",
    '"apikey": [\n  {{"key": "value", "value": "{v}", "type": "string"}},\n'
    '  {{"key": "key", "value": "{L}", "type": "string"}}\n]',  # a Postman collection's auth block
    '"postData": {{\n  "mimeType": "application/x-www-form-urlencoded",\n  "params": [\n'
    '    {{"name": "grant_type", "value": "client_credentials"}},\n    {{"name": "{l}", "value": "{v}"}}\n  ]\n}}',
    "$ kubectl describe configmap api-env\nName:         api-env\nNamespace:    prod\n\nData\n====\n{L}:\n----\n"
    "{v}\n\nBinaryData\n====\n\nEvents:  <none>",
    '> nonsensitive(var.{l})\n"{v}"',  # terraform console
    '$ jq \'to_entries[] | select(.key == "{L}")\' env.json\n{{\n  "key": "{L}",\n  "value": "{v}"\n}}',
    '+ curl -fsS "https://hooks.acme.dev/notify?key=$(jq -rn --arg v "${L}" \'$v|@uri\')"\n'
    "curl: (22) The requested URL returned error: 403 for https://hooks.acme.dev/notify?key={vq}",
    "const {c} =\n  '{v1}' +\n  '{v2}';",
    '{c} := "{v1}" +\n\t"{v2}"',
    "A='{v1}'\nB='{v2}'\nexport {L}=\"$A$B\"",
    "Schlüssel für {k} (Produktion):\n{v}",
    "【{k} のシークレット】\n{v}",
    "Makullin {v} baya aiki, ina samun 401 kowane lokaci",  # Hausa
    "Furahan {v} ma shaqaynayo, mar walba waxaan helayaa 401",  # Somali
    "ਇਹ ਕੁੰਜੀ {v} ਕੰਮ ਨਹੀਂ ਕਰ ਰਹੀ, ਹਰ ਵਾਰ 401 ਆਉਂਦਾ ਹੈ",  # Punjabi
    "Այս բանալին {v} չի աշխատում, ամեն անգամ 401 եմ ստանում",  # Armenian
    "ಈ ಕೀ {v} ಕೆಲಸ ಮಾಡುತ್ತಿಲ್ಲ, ಪ್ರತಿ ಬಾರಿ 401 ಬರುತ್ತಿದೆ",  # Kannada
]

# PII families: {f} the field in words, {k} a snake-case key, {c} its camel case, {v} the value.
PII_FAMILIES15 = [
    "{f}:\n    {v}\n(from the intake form, unchanged)",
    "customer_id   plan   {k}\n88123         pro    {v}",
    "copied straight off the scan: {v} - the validator says it's malformed",
    "{v}\n^ this is the {f} the support agent typed in",
    '"postData": {{"mimeType": "application/json", "text": "{{\\"{k}\\": \\"{v}\\"}}"}}',  # a HAR entry
    '"id","{k}","notes"\n"4411","{v}","rang twice,\nleft a voicemail"',  # CSV, a quoted newline
    '{{\n  "key": "{k}",\n  "value": "{v}"\n}}',  # jq to_entries
    "Abokin ciniki ya aiko da {f}: {v}, don Allah a duba",  # Hausa
    "Macmiilku wuxuu soo diray {f}: {v}, fadlan hubi",  # Somali
    "ਗਾਹਕ ਨੇ {f} ਭੇਜਿਆ: {v}, ਕਿਰਪਾ ਕਰਕੇ ਜਾਂਚ ਕਰੋ",  # Punjabi
    "Հաճախորդը ուղարկել է {f}: {v}, խնդրում եմ ստուգել",  # Armenian
    "ಗ್ರಾಹಕರು {f} ಕಳುಹಿಸಿದ್ದಾರೆ: {v}, ದಯವಿಟ್ಟು ಪರಿಶೀಲಿಸಿ",  # Kannada
]


def _fill15(template: str, v: str, **kw: str) -> tuple[str, list[str]]:
    """A family's text and needles: the value, or its two halves where the family cuts it in two."""
    # (a value too short to cut into two halves that are each unlikely elsewhere is kept whole)
    split = "{v1}" in template and len(v) >= 16
    h = len(v) // 2 if split else len(v)
    text = template.format(v=v, vq=urllib.parse.quote(v, safe=""), v1=v[:h], v2=v[h:], **kw)
    return text, ([v[:h], v[h:]] if split else [v])


def _extend15(name: str, make15: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-15 families (drawn by ``make15`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make15(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND15,) * n)


def _generic15(name: str, kind: str, k: int = 2) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """Two of round 15's shared families for a one-value category of an earlier round."""
    fams = SECRET_FAMILIES15 if kind == "secret" else PII_FAMILIES15
    picks = [fams[j] for j in _picks15(name, len(fams), k)]
    label = LABEL6.get(name, name.upper())
    fname = (
        FIELD12.get(name)
        or FIELD11.get(name)
        or FIELD10.get(name)
        or FIELD9.get(name)
        or FIELD8.get(name)
        or FIELD7.get(name)
        or FIELD6.get(name)
        or name.replace("_", " ")
    )
    key = KEY12.get(name) or KEY11.get(name) or KEY10.get(name) or KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value11(name, rng)
        return _fill15(
            picks[t % len(picks)],
            v,
            L=label,
            l=label.lower(),
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            c=_camel(label) if kind == "secret" else _camel(key),
            f=fname,
        )

    return make, len(picks)


# Where a whole earlier snippet arrives from when its values only make sense together (key pairs,
# key blocks, user names in paths, URLs): {s} is an earlier family's text, kept verbatim.
CONTAINERS15 = [
    "$ kubectl describe configmap bootstrap-notes\nName:         bootstrap-notes\nNamespace:    ops\n\nData\n"
    "====\nnotes.txt:\n----\n{s}\n\nEvents:  <none>",
    "$ git show 4f1c2e9:deploy/notes.txt\n{s}",
    '$ terraform console\n> file("${{path.module}}/bootstrap.txt")\n<<EOT\n{s}\nEOT',
    "$ gh gist view 8f3c2a91 --raw\n{s}",
    "$ sops -d --extract '[\"notes\"]' secrets.enc.yaml\n{s}",
]


def _container15(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    old = next(c for c in CATS if c.name == name)
    earlier = [r for r in old.rounds if r < ROUND13] or list(old.rounds)  # (13's and 14's are containers)
    inner = [t for t, r in enumerate(old.rounds) if r == max(earlier)]  # its newest families before round 13's
    frames = [CONTAINERS15[j].replace("{{", "{").replace("}}", "}") for j in _picks15(name, len(CONTAINERS15), 2)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        snippet, needles = old.make(rng, inner[rng.randrange(len(inner))])
        return frames[t % len(frames)].replace("{s}", snippet), needles

    return make, len(frames)


for _c in [c for c in CATS if ROUND15 not in c.rounds]:
    if _c.name in _SPECIFIC12 or len(_c.make(random.Random(f"round15:{_c.name}"), 0)[1]) > 1:
        _extend15(_c.name, *_container15(_c.name))
    else:
        _extend15(_c.name, *_generic15(_c.name, _c.kind))


def _multi15(
    formats: list[tuple[str, Callable[[random.Random], str]]],
    own: list[str],
    name: str,
    fits: dict[int, tuple[str, ...]] | None = None,
    shared: int = 2,
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several formats (a label and a generator each): its own templates and two of
    round 15's shared families; ``fits`` limits an own template to the formats its tool writes."""
    templates = own + [SECRET_FAMILIES15[j] for j in _picks15(name, len(SECRET_FAMILIES15), shared)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        i = t % len(templates)
        allowed = (fits or {}).get(i)
        label, gen = rng.choice([f for f in formats if allowed is None or f[0] in allowed])
        v = gen(rng)
        return _fill15(templates[i], v, L=label, l=label.lower(), k=label.lower().replace("_", "-"), c=_camel(label))

    return make, len(templates)


def lwa_refresh_token(r: random.Random) -> str:
    # Login with Amazon refresh tokens (Selling Partner API): "Atzr|IwEB", then base64url-ish text
    return "Atzr|IwEB" + _rs(r, B64URL, r.randrange(300, 360))


def ebay_user_token(r: random.Random) -> str:
    # eBay OAuth user access tokens start with a fixed version header, then base64 text
    return "v^1.1#i^1#p^3#I^3#r^0#f^0#t^H4sIAAAAAAAAA" + _b64(r, 180).rstrip("=")


def pixabay_key(r: random.Random) -> str:
    return f"{r.randrange(10**7, 10**8)}-{_rs(r, HEX, 25)}"  # the account id, a dash, 25 hex characters


def dwave_token(r: random.Random) -> str:
    # D-Wave Leap SAPI tokens: a project code, a dash, 40 hex characters
    return f"{r.choice(['DEV', 'ACME', 'RES'])}-{_rs(r, HEX, 40)}"


def _jwt_like(r: random.Random) -> str:
    return jwt(r)


for _name15, _formats15, _own15, _fits15 in [
    (
        "weather_api_key",
        [
            ("OPENWEATHERMAP_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("TOMORROW_IO_API_KEY", lambda r: _rs(r, B62, 32)),
            ("WEATHERAPI_KEY", lambda r: _rs(r, HEX, 31)),
            ("VISUAL_CROSSING_KEY", lambda r: _rs(r, ALNUM_UP, 25)),
        ],
        [
            "{L}={v}",
            "curl 'https://api.openweathermap.org/data/3.0/onecall?lat=48.2&lon=16.37&appid={v}&units=metric'",
            "curl 'https://api.tomorrow.io/v4/weather/forecast?location=lisbon&apikey={v}'",
            "requests.get(f'https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/Oslo?key={v}')",
        ],
        {1: ("OPENWEATHERMAP_API_KEY",), 2: ("TOMORROW_IO_API_KEY",), 3: ("VISUAL_CROSSING_KEY",)},
    ),
    (
        "marketplace_seller_token",
        [
            ("SP_API_REFRESH_TOKEN", lwa_refresh_token),
            ("LWA_CLIENT_SECRET", lambda r: "amzn1.oa2-cs.v1." + _rs(r, HEX, 64)),
            ("EBAY_USER_TOKEN", ebay_user_token),
            ("ETSY_KEYSTRING", lambda r: _rs(r, LOWER_ALNUM, 24)),
        ],
        [
            "{L}={v}",
            "curl -X POST https://api.amazon.com/auth/o2/token -d grant_type=refresh_token "
            "-d 'refresh_token={v}' -d client_id=amzn1.application-oa2-client.4f1c0b7a",
            "credentials = dict(refresh_token='{v}', lwa_app_id='amzn1.application-oa2-client.4f1c0b7a', "
            "lwa_client_secret=os.environ['LWA_SECRET'])",
            "curl -H 'Authorization: Bearer {v}' https://api.ebay.com/sell/inventory/v1/inventory_item?limit=20",
            "curl -H 'x-api-key: {v}' https://openapi.etsy.com/v3/application/openapi-ping",
        ],
        {
            1: ("SP_API_REFRESH_TOKEN",),
            2: ("SP_API_REFRESH_TOKEN",),
            3: ("EBAY_USER_TOKEN",),
            4: ("ETSY_KEYSTRING",),
        },
    ),
    (
        "push_service_secret",
        [
            ("HMS_APP_SECRET", lambda r: _rs(r, HEX, 64)),
            ("MIPUSH_APP_SECRET", lambda r: _b64(r, 18)),
            ("PUSHY_SECRET_API_KEY", lambda r: _rs(r, HEX, 64)),
            ("BATCH_REST_API_KEY", lambda r: _rs(r, HEX, 32)),
        ],
        [
            "{L}={v}",
            "curl -X POST https://oauth-login.cloud.huawei.com/oauth2/v3/token -d grant_type=client_credentials "
            "-d client_id=108249317 -d client_secret={v}",
            "curl -H 'Authorization: key={v}' -H 'Content-Type: application/json' "
            "https://api.xmpush.global.xiaomi.com/v3/message/regid",
            "curl 'https://api.pushy.me/push?api_key={v}' -H 'Content-Type: application/json' -d @push.json",
        ],
        {1: ("HMS_APP_SECRET",), 2: ("MIPUSH_APP_SECRET",), 3: ("PUSHY_SECRET_API_KEY",)},
    ),
    (
        "apm_agent_key",
        [
            ("INSTANA_AGENT_KEY", lambda r: _rs(r, B64URL, 22)),
            ("APPDYNAMICS_AGENT_ACCOUNT_ACCESS_KEY", lambda r: _rs(r, LOWER_ALNUM, 12)),
            ("SIGNOZ_INGESTION_KEY", lambda r: _rs(r, B62, 36)),
            ("UPTRACE_DSN_TOKEN", lambda r: _rs(r, B64URL, 22)),
        ],
        [
            "{L}={v}",
            "curl -o setup_agent.sh https://setup.instana.io/agent && sudo bash setup_agent.sh -a {v} -t dynamic "
            "-e ingress-red-saas.instana.io:443",
            "-Dappdynamics.agent.accountAccessKey={v} -Dappdynamics.controller.hostName=acme.saas.appdynamics.com",
            "OTEL_EXPORTER_OTLP_HEADERS=signoz-ingestion-key={v}",
            'uptrace.configure_opentelemetry(dsn="https://{v}@api.uptrace.dev?grpc=4317", service_name="api")',
        ],
        {
            1: ("INSTANA_AGENT_KEY",),
            2: ("APPDYNAMICS_AGENT_ACCOUNT_ACCESS_KEY",),
            3: ("SIGNOZ_INGESTION_KEY",),
            4: ("UPTRACE_DSN_TOKEN",),
        },
    ),
    (
        "vector_db_key",
        [
            ("ZILLIZ_API_KEY", lambda r: _rs(r, HEX, 104)),
            ("TURBOPUFFER_API_KEY", lambda r: "tpuf_" + _rs(r, B62, 32)),
            ("CHROMA_API_KEY", lambda r: "ck-" + _rs(r, B62, 44)),
            ("LANCEDB_API_KEY", lambda r: "sk_" + _rs(r, ALNUM_UP, 28)),
        ],
        [
            "{L}={v}",
            'client = MilvusClient(uri="https://in03-4f1c2e9a.serverless.gcp-us-west1.cloud.zilliz.com", token="{v}")',
            "tpuf = turbopuffer.Turbopuffer(api_key='{v}', region='gcp-us-central1')",
            "client = chromadb.CloudClient(tenant='acme', database='prod', api_key='{v}')",
            'db = lancedb.connect("db://acme-prod", api_key="{v}", region="us-east-1")',
        ],
        {1: ("ZILLIZ_API_KEY",), 2: ("TURBOPUFFER_API_KEY",), 3: ("CHROMA_API_KEY",), 4: ("LANCEDB_API_KEY",)},
    ),
    (
        "model_hub_token",
        [
            ("CIVITAI_API_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("MODELSCOPE_API_TOKEN", lambda r: "ms-" + _uuid4(r)),
            ("ULTRALYTICS_HUB_API_KEY", lambda r: _rs(r, B62, 42)),
            ("LIGHTNING_API_KEY", _uuid4),
        ],
        [
            "{L}={v}",
            "wget 'https://civitai.com/api/download/models/128713?token={v}' -O model.safetensors",
            "modelscope login --token {v}",
            "yolo settings api_key={v} && yolo train model=yolo11n.pt data=coco8.yaml",
        ],
        {1: ("CIVITAI_API_TOKEN",), 2: ("MODELSCOPE_API_TOKEN",), 3: ("ULTRALYTICS_HUB_API_KEY",)},
    ),
    (
        "quantum_cloud_token",
        [
            ("QISKIT_IBM_TOKEN", lambda r: _rs(r, HEX, 128)),
            ("DWAVE_API_TOKEN", dwave_token),
            ("IONQ_API_KEY", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            'QiskitRuntimeService.save_account(channel="ibm_quantum_platform", token="{v}", overwrite=True)',
            "$ dwave config create\nAuthentication token [skip]: {v}\n"
            "Configuration saved to ~/.config/dwave/dwave.conf",
            "curl -H 'Authorization: apiKey {v}' https://api.ionq.co/v0.3/backends",
        ],
        {1: ("QISKIT_IBM_TOKEN",), 2: ("DWAVE_API_TOKEN",), 3: ("IONQ_API_KEY",)},
    ),
    (
        "email_validation_key",
        [
            ("ZEROBOUNCE_API_KEY", lambda r: _rs(r, HEX, 32)),
            ("NEVERBOUNCE_API_KEY", lambda r: "secret_" + _rs(r, HEX, 32)),
            ("HUNTER_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("KICKBOX_API_KEY", lambda r: "live_" + _rs(r, HEX, 64)),
        ],
        [
            "{L}={v}",
            "curl 'https://api.zerobounce.net/v2/getcredits?api_key={v}'",
            "curl -G https://api.neverbounce.com/v4.2/single/check --data-urlencode key={v} "
            '--data-urlencode email="$ADDRESS"',
            "curl 'https://api.hunter.io/v2/domain-search?domain=example.org&api_key={v}'",
        ],
        {1: ("ZEROBOUNCE_API_KEY",), 2: ("NEVERBOUNCE_API_KEY",), 3: ("HUNTER_API_KEY",)},
    ),
    (
        "document_api_key",
        [
            ("CLOUDCONVERT_API_KEY", _jwt_like),
            ("DOCRAPTOR_API_KEY", lambda r: _rs(r, B62, 20)),
            ("CONVERTAPI_SECRET", lambda r: _rs(r, B62, 16)),
            ("PDFMONKEY_SECRET_KEY", lambda r: _rs(r, B64URL, 20)),
        ],
        [
            "{L}={v}",
            "cloudconvert = CloudConvert(api_key='{v}', sandbox=False)",
            "curl -u {v}: https://api.docraptor.com/docs -d @invoice.json",
            "curl -F 'File=@report.docx' 'https://v2.convertapi.com/convert/docx/to/pdf?Secret={v}'",
        ],
        {1: ("CLOUDCONVERT_API_KEY",), 2: ("DOCRAPTOR_API_KEY",), 3: ("CONVERTAPI_SECRET",)},
    ),
    (
        "stock_media_key",
        [
            ("UNSPLASH_SECRET_KEY", lambda r: _rs(r, B64URL, 43)),
            ("PEXELS_API_KEY", lambda r: _rs(r, B62, 56)),
            ("PIXABAY_API_KEY", pixabay_key),
            ("SHUTTERSTOCK_CLIENT_SECRET", lambda r: _rs(r, B62, 16)),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: {v}' 'https://api.pexels.com/v1/search?query=harbour&per_page=5'",
            "curl 'https://pixabay.com/api/?key={v}&q=lighthouse&image_type=photo'",
            "curl -X POST https://unsplash.com/oauth/token -d client_id=Qx4e2bT9mH1 -d client_secret={v} "
            "-d grant_type=authorization_code -d code=$CODE",
        ],
        {1: ("PEXELS_API_KEY",), 2: ("PIXABAY_API_KEY",), 3: ("UNSPLASH_SECRET_KEY",)},
    ),
    (
        "music_api_secret",
        [
            ("SPOTIFY_CLIENT_SECRET", lambda r: _rs(r, HEX, 32)),
            ("LASTFM_SHARED_SECRET", lambda r: _rs(r, HEX, 32)),
            ("GENIUS_ACCESS_TOKEN", lambda r: _rs(r, B64URL, 64)),
            ("SOUNDCLOUD_CLIENT_SECRET", lambda r: _rs(r, B62, 32)),
        ],
        [
            "{L}={v}",
            "curl -X POST https://accounts.spotify.com/api/token -d grant_type=client_credentials "
            "-d client_id=8f3c2a91d04b4e6f -d client_secret={v}",
            "network = pylast.LastFMNetwork(api_key=LASTFM_KEY, api_secret='{v}', username='radio-bot')",
            "curl -H 'Authorization: Bearer {v}' 'https://api.genius.com/search?q=kraftwerk'",
        ],
        {1: ("SPOTIFY_CLIENT_SECRET",), 2: ("LASTFM_SHARED_SECRET",), 3: ("GENIUS_ACCESS_TOKEN",)},
    ),
    (
        "open_data_api_key",
        [
            ("DATA_GOV_API_KEY", lambda r: _rs(r, B62, 40)),
            ("COMPANIES_HOUSE_API_KEY", _uuid4),
            ("CENSUS_API_KEY", lambda r: _rs(r, HEX, 40)),
            ("FRED_API_KEY", lambda r: _rs(r, HEX, 32)),
        ],
        [
            "{L}={v}",
            "curl 'https://api.nasa.gov/planetary/apod?api_key={v}&date=2024-04-08'",
            "curl -u {v}: https://api.company-information.service.gov.uk/company/00445790",
            "curl 'https://api.stlouisfed.org/fred/series/observations?series_id=CPIAUCSL&api_key={v}&file_type=json'",
        ],
        {1: ("DATA_GOV_API_KEY",), 2: ("COMPANIES_HOUSE_API_KEY",), 3: ("FRED_API_KEY",)},
    ),
    (
        "automation_platform_key",
        [
            ("N8N_API_KEY", _jwt_like),
            ("RETOOL_API_TOKEN", lambda r: "retool_01" + _rs(r, ALNUM_UP.lower(), 24)),
            ("WINDMILL_TOKEN", lambda r: _rs(r, B62, 32)),
            ("PIPEDREAM_CLIENT_SECRET", lambda r: _rs(r, B64URL, 43)),
        ],
        [
            "{L}={v}",
            "curl -H 'X-N8N-API-KEY: {v}' https://n8n.acme.dev/api/v1/workflows?active=true",
            "curl -H 'Authorization: Bearer {v}' https://acme.retool.com/api/v2/apps",
            "wmill workspace add acme acme https://windmill.acme.dev --token {v}",
        ],
        {1: ("N8N_API_KEY",), 2: ("RETOOL_API_TOKEN",), 3: ("WINDMILL_TOKEN",)},
    ),
    (
        "mqtt_broker_password",
        [("MQTT_PASSWORD", password), ("EMQX_API_SECRET", lambda r: _rs(r, B62, 40))],
        [
            "{L}={v}",
            "mosquitto_pub -h broker.home.lan -p 8883 --cafile ca.crt -u sensors -P '{v}' -t 'home/hall/temp' -m 21.5",
            "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://192.168.1.20:1883\n  user: z2m\n  password: {v}",
            "curl -u 4f1c2e9a7b3d0c18:{v} http://emqx.internal:18083/api/v5/clients?limit=10",
            "broker = mqtt.Client(client_id='pump-7')\nbroker.username_pw_set('pump', '{v}')",
        ],
        {1: ("MQTT_PASSWORD",), 2: ("MQTT_PASSWORD",), 3: ("EMQX_API_SECRET",), 4: ("MQTT_PASSWORD",)},
    ),
    (
        "video_sdk_secret",
        [
            ("ZOOM_S2S_CLIENT_SECRET", lambda r: _rs(r, B62, 32)),
            ("HMS_APP_SECRET_100MS", lambda r: _b64(r, 48)),
            ("WHEREBY_API_KEY", _jwt_like),
            ("DYTE_API_KEY", lambda r: _rs(r, HEX, 20)),
        ],
        [
            "{L}={v}",
            "curl -X POST 'https://zoom.us/oauth/token?grant_type=account_credentials&account_id=Qz7xK2pL' "
            "-u 'Wc3nT8vR1a:{v}'",
            "curl -H 'Authorization: Bearer {v}' https://api.whereby.dev/v1/meetings",
            "const token = jwt.sign({{ access_key: '64f1c2e9a7b3', type: 'management' }}, '{v}', "
            "{{ expiresIn: '24h' }});",
        ],
        {1: ("ZOOM_S2S_CLIENT_SECRET",), 2: ("WHEREBY_API_KEY",), 3: ("HMS_APP_SECRET_100MS",)},
    ),
    (
        "shipping_api_secret",
        [
            ("SHIPSTATION_API_SECRET", lambda r: _rs(r, HEX, 32)),
            ("SENDCLOUD_SECRET_KEY", lambda r: _rs(r, HEX, 32)),
            ("AFTERSHIP_API_KEY", lambda r: "asat_" + _rs(r, HEX, 32)),
            ("DHL_API_SECRET", lambda r: _rs(r, B62, 16)),
        ],
        [
            "{L}={v}",
            "curl -u 4f1c2e9a7b3d4c18a0e6:{v} https://ssapi.shipstation.com/orders?orderStatus=awaiting_shipment",
            "curl -u 9b1c7e2f-0a55-4d3e-8c21-6f0a2b4d9e17:{v} https://panel.sendcloud.sc/api/v2/parcels",
            "curl -H 'as-api-key: {v}' https://api.aftership.com/tracking/2024-10/trackings",
        ],
        {1: ("SHIPSTATION_API_SECRET",), 2: ("SENDCLOUD_SECRET_KEY",), 3: ("AFTERSHIP_API_KEY",)},
    ),
    (
        "tax_api_key",
        [
            ("AVALARA_LICENSE_KEY", lambda r: _rs(r, HEXU, 16)),
            ("TAXJAR_API_TOKEN", lambda r: _rs(r, HEX, 32)),
            ("QUADERNO_API_KEY", lambda r: "sk_live_" + _rs(r, B62, 20)),
        ],
        [
            "{L}={v}",
            "curl -u 2000134479:{v} https://rest.avatax.com/api/v2/utilities/ping",
            "client = taxjar.Client(api_key='{v}', api_url=taxjar.DEFAULT_API_URL)",
            "curl -u {v}:x https://acme.quadernoapp.com/api/invoices.json",
        ],
        {1: ("AVALARA_LICENSE_KEY",), 2: ("TAXJAR_API_TOKEN",), 3: ("QUADERNO_API_KEY",)},
    ),
    (
        "code_search_token",
        [
            ("SRC_ACCESS_TOKEN", lambda r: "sgp_" + _rs(r, HEX, 16) + "_" + _rs(r, HEX, 40)),
            ("GREPTILE_API_KEY", lambda r: _rs(r, B64URL, 48)),
            ("TABNINE_TOKEN", lambda r: _rs(r, B62, 40)),
        ],
        [
            "{L}={v}",
            "SRC_ENDPOINT=https://sourcegraph.acme.dev SRC_ACCESS_TOKEN={v} "
            "src search 'repo:^acme/ lang:go context.TODO'",
            "curl -H 'Authorization: token {v}' https://sourcegraph.acme.dev/.api/graphql -d @query.json",
            "curl -H 'Authorization: Bearer {v}' -H 'X-GitHub-Token: $GH' https://api.greptile.com/v2/query",
        ],
        {1: ("SRC_ACCESS_TOKEN",), 2: ("SRC_ACCESS_TOKEN",), 3: ("GREPTILE_API_KEY",)},
    ),
    (
        "oidc_provider_secret",
        [
            ("AUTHENTIK_TOKEN", lambda r: _rs(r, B62, 60)),
            ("LOGTO_APP_SECRET", lambda r: _rs(r, B62, 32)),
            ("CASDOOR_CLIENT_SECRET", lambda r: _rs(r, HEX, 40)),
            ("KANIDM_API_TOKEN", _jwt_like),
        ],
        [
            "{L}={v}",
            "curl -H 'Authorization: Bearer {v}' https://auth.acme.dev/api/v3/core/users/?page_size=5",
            "logto:\n  endpoint: https://login.acme.dev\n  appId: 4f1c2e9a7b3d\n  appSecret: {v}",
            "casdoor:\n  endpoint: https://door.acme.dev\n  clientId: 9b1c7e2f0a55\n  clientSecret: {v}\n"
            "  organizationName: acme",
        ],
        {1: ("AUTHENTIK_TOKEN",), 2: ("LOGTO_APP_SECRET",), 3: ("CASDOOR_CLIENT_SECRET",)},
    ),
    (
        "game_backend_secret",
        [
            ("UNITY_SERVICE_ACCOUNT_SECRET", lambda r: _rs(r, B62 + "-_", 32)),
            ("GAMEANALYTICS_SECRET_KEY", lambda r: _rs(r, HEX, 40)),
            ("HATHORA_DEV_TOKEN", lambda r: _rs(r, B64URL, 43)),
            ("NAKAMA_HTTP_KEY", lambda r: _rs(r, B62, 24)),
        ],
        [
            "{L}={v}",
            "curl -u 'b7e3c1d2-6a4f-4c8e-9d21-3f5a7b9c0e14:{v}' "
            "https://services.api.unity.com/auth/v1/token-exchange?projectId=4f1c&environmentId=9b1c",
            "GameAnalytics.configureBuild('android 3.8.1');\n"
            "GameAnalytics.initialize('4f1c2e9a7b3d0c18a0e6b7c2', '{v}');",
            "runtime:\n  http_key: {v}\nsession:\n  token_expiry_sec: 7200",  # a Nakama server config
        ],
        {1: ("UNITY_SERVICE_ACCOUNT_SECRET",), 2: ("GAMEANALYTICS_SECRET_KEY",), 3: ("NAKAMA_HTTP_KEY",)},
    ),
]:
    round15_custom(_name15, "secret", *_multi15(_formats15, _own15, _name15, fits=_fits15))


def _known_secret15(rng: random.Random) -> str:
    """A value of a kind earlier rounds plant (OpenAI, GitHub, GitLab, Slack, Stripe, Anthropic)."""
    return GENS[rng.choice(["openai_key", "github_pat_classic", "gitlab_pat", "slack_token", "anthropic_key"])](rng)


def _secret_in_export(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A known kind of secret inside a widely used export its label does not sit beside: a docker
    inspect argument list, a Terraform state instance, kubectl's last-applied annotation, a HAR
    cookie, a Postman collection variable, an .npmrc scoped line, a CI log that prints the value
    before its mask is registered."""
    v = _known_secret15(rng)
    forms = [
        f'"Path": "/usr/local/bin/worker",\n"Args": [\n    "--queue",\n    "billing",\n    "--api-key",\n    "{v}"\n],',
        '{\n  "mode": "managed",\n  "type": "aws_ssm_parameter",\n  "name": "vendor_key",\n  "instances": [\n'
        f'    {{"attributes": {{"name": "/prod/vendor", "type": "SecureString", "value": "{v}"}}}}\n  ]\n}}',
        "    kubectl.kubernetes.io/last-applied-configuration: |\n"
        '      {"apiVersion":"v1","kind":"Pod","metadata":{"name":"sync"},"spec":{"containers":[{"env":'
        f'[{{"name":"UPSTREAM_TOKEN","value":"{v}"}}],"image":"acme/sync:3.2","name":"sync"}}]}}}}',
        f'"cookies": [\n  {{"name": "remember_token", "value": "{v}", "httpOnly": true, "secure": true}}\n],',
        '"variable": [\n  {"key": "baseUrl", "value": "https://api.acme.dev"},\n'
        f'  {{"key": "apiKey", "value": "{v}"}}\n]',
        f"@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={v}\nalways-auth=true",
        f'2026-12-05T10:14:02.118Z + echo "using {v}"\n2026-12-05T10:14:02.119Z using {v}\n'
        '2026-12-05T10:14:02.121Z + echo "::add-mask::***"',
    ]
    return forms[t], [v]


round15_custom("secret_in_export", "secret", _secret_in_export, 7)


def _split_secret15(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A known kind of secret cut in two and joined by code (Go, Rust, Kotlin, Terraform, C#): both
    halves planted."""
    v = _known_secret15(rng)
    h = len(v) // 2 + rng.randrange(-3, 4)
    a, b = v[:h], v[h:]
    forms = [
        f'const upstreamToken = "{a}" +\n\t"{b}"',
        f'let token = concat!(\n    "{a}",\n    "{b}",\n);',
        f'val token = buildString {{\n    append("{a}")\n    append("{b}")\n}}',
        f'locals {{\n  vendor_token = join("", [\n    "{a}",\n    "{b}",\n  ])\n}}',
        f'var token = new StringBuilder()\n    .Append("{a}")\n    .Append("{b}")\n    .ToString();',
    ]
    return forms[t], [a, b]


round15_custom("split_secret", "secret", _split_secret15, 5)


# --- round 15's new personal data


def _pii15(name: str, kinds: list[tuple[str, Callable[[random.Random], str]]], own: list[str], key: str) -> None:
    """A new personal-data category of one or more kinds (a field label and a generator each): its
    own templates and two of round 15's shared families, ``{f}`` the drawn kind's label."""
    GENS[name] = lambda r: kinds[r.randrange(len(kinds))][1](r)
    shared = [PII_FAMILIES15[j] for j in _picks15(name, len(PII_FAMILIES15), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        fname, gen = kinds[rng.randrange(len(kinds))]
        return _fill15(templates[t % len(templates)], gen(rng), f=fname, k=key, c=_camel(key))

    round15_custom(name, "pii", make, len(templates))


def fi_veronumero(r: random.Random) -> str:
    # Finland's individual tax number (construction workers' cards): 12 digits, no public check digit
    return _until_valid("fi.veronumero", lambda r: "1000" + _d(r, 8), r)


def cr_dimex(r: random.Random) -> str:
    """Costa Rica's cédula de residencia (DIMEX) of a foreign resident: 1, the country code, a serial
    (python-stdnum accepts it)."""
    v = _until_valid("cr.cr", lambda r: "1" + r.choice(["558", "170", "862", "484", "724", "076"]) + _d(r, 8), r)
    return f"{v[:4]}-{v[4:8]}-{v[8:]}" if r.random() < 0.4 else v


def uy_cedula(r: random.Random) -> str:
    """Uruguay's cédula de identidad: seven digits and a check digit (weights 2 9 8 7 6 3 4, mod 10)."""
    body = f"{r.randrange(1_000_000, 6_500_000):07d}"
    check = (10 - sum(int(c) * w for c, w in zip(body, [2, 9, 8, 7, 6, 3, 4], strict=True)) % 10) % 10
    return f"{body[0]}.{body[1:4]}.{body[4:]}-{check}" if r.random() < 0.6 else f"{body}{check}"


_NI_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXY"


def ni_cedula(r: random.Random) -> str:
    """Nicaragua's cédula: municipality, birth date (DDMMYY), serial and a check letter (the thirteen
    digits mod 23)."""
    y, m, d = _birth(r)
    digits = f"{r.choice(['001', '081', '121', '401', '441', '561'])}{d:02d}{m:02d}{y % 100:02d}{_d(r, 4)}"
    return f"{digits[:3]}-{digits[3:9]}-{digits[9:]}{_NI_LETTERS[int(digits) % 23]}"


def pa_cedula(r: random.Random) -> str:
    # Panama's cédula: province (or PE / E / N), the register's volume and entry
    prov = r.choice([str(r.randrange(1, 14)), "8", "8", "PE", "E", "N"])
    return f"{prov}-{r.randrange(1, 999)}-{r.randrange(1, 9999)}"


def kg_pin(r: random.Random) -> str:
    # Kyrgyzstan's personal number: sex (1 female, 2 male), the birth date DDMMYYYY, five digits
    y, m, d = _birth(r)
    return f"{r.choice('12')}{d:02d}{m:02d}{y}{_d(r, 5)}"


def rw_nid(r: random.Random) -> str:
    # Rwanda's national id: 1 (citizen), birth year, sex (8 male, 7 female), serial, issue, check pair
    y, _, _ = _birth(r)
    v = f"1{y}{r.choice('78')}{_d(r, 7)}{r.randrange(0, 3)}{_d(r, 2)}"
    return f"{v[0]} {v[1:5]} {v[5]} {v[6:13]} {v[13]} {v[14:]}" if r.random() < 0.5 else v


def ug_nin(r: random.Random) -> str:
    # Uganda's NIN: C (citizen), M or F, the birth year's last two digits, digits and letters
    y, _, _ = _birth(r)
    return f"C{r.choice('MF')}{y % 100:02d}{_d(r, 6)}{_rs(r, string.ascii_uppercase, 4)}"


def tw_arc(r: random.Random) -> str:
    """Taiwan's new-format resident certificate (ARC / UI) number: a letter, 8 or 9, seven digits and
    the national id's check digit."""
    letter = r.choice(sorted(TW_LETTERS))
    body = r.choice("89") + _rs(r, "0123456789", 7)
    n = TW_LETTERS[letter]
    total = n // 10 + (n % 10) * 9 + sum(int(c) * w for c, w in zip(body, range(8, 0, -1), strict=True))
    return f"{letter}{body}{(10 - total % 10) % 10}"


def jp_residence_card(r: random.Random) -> str:
    return f"{_rs(r, string.ascii_uppercase, 2)}{_d(r, 8)}{_rs(r, string.ascii_uppercase, 2)}"  # 在留カード番号


def sg_fin(r: random.Random) -> str:
    """Singapore's FIN of a foreigner (F before 2000, G after): seven digits and the check letter
    (weights 2 7 6 5 4 3 2, +4 for G)."""
    prefix = r.choice("FG")
    digits = _d(r, 7)
    total = sum(int(c) * w for c, w in zip(digits, [2, 7, 6, 5, 4, 3, 2], strict=True)) + (4 if prefix == "G" else 0)
    return prefix + digits + "XWUTRQPNMLK"[total % 11]


_OLC = "23456789CFGHJMPQRVWX"
_OLC_AREAS = ["9F4M", "8FW4", "87G8", "9C3X", "8FVC", "9F27", "6PH5", "7JFJ", "4RRH", "58FV"]


def home_plus_code(r: random.Random) -> str:
    # an Open Location Code of a house (10 digits: a 14 m square)
    return f"{r.choice(_OLC_AREAS)}{_rs(r, _OLC, 4)}+{_rs(r, _OLC, 2)}"


_W3W = [
    "lantern", "copper", "meadow", "ripple", "orbit", "tulips", "basket", "quiet", "marble", "harvest",
    "pencil", "river", "socks", "planet", "velvet", "ladder", "crisp", "echo", "gravel", "mango",
]  # fmt: skip


def home_w3w(r: random.Random) -> str:
    return "///" + ".".join(r.sample(_W3W, 3))  # a what3words address (a 3 m square)


def iris_template(r: random.Random) -> str:
    # an iris template in the ISO/IEC 19794-6 record format (identifier "IIR\0"), base64 as stored
    return base64.b64encode(b"IIR\x00020\x00" + _rbytes(r, r.randrange(60, 90))).decode()


for _name15p, _kinds15, _own15p, _key15 in [
    (
        "fi_veronumero",
        [("veronumero", fi_veronumero), ("tax number", fi_veronumero), ("skattenummer", fi_veronumero)],
        ["{f}: {v}", "my {f} on the site card is {v}", "Veronumero {v} (työmaakortti)"],
        "veronumero",
    ),
    (
        "cr_dimex",
        [("DIMEX", cr_dimex), ("cédula de residencia", cr_dimex)],
        ["{f}: {v}", "mi {f} es {v}", "{f} n.º {v}"],
        "dimex",
    ),
    (
        "uy_cedula",
        [("cédula de identidad", uy_cedula), ("CI", uy_cedula)],
        ["{f}: {v}", "mi {f} es {v}", "titular CI {v}"],
        "cedula_uy",
    ),
    (
        "ni_cedula",
        [("cédula", ni_cedula), ("número de cédula", ni_cedula)],
        ["{f}: {v}", "mi {f} es {v}", "{f} {v} (Managua)"],
        "cedula_ni",
    ),
    (
        "pa_cedula",
        [("cédula", pa_cedula), ("cédula panameña", pa_cedula)],
        ["{f}: {v}", "mi {f} es {v}", "{f} No. {v}"],
        "cedula_pa",
    ),
    (
        "central_asia_africa_id",
        [("ПИН", kg_pin), ("personal number", kg_pin), ("national ID", rw_nid), ("NIN", ug_nin)],
        ["{f}: {v}", "my {f} is {v}", "{f} {v} on the form"],
        "personal_id",
    ),
    (
        "resident_card_asia",
        [("ARC number", tw_arc), ("居留證統一證號", tw_arc), ("在留カード番号", jp_residence_card), ("FIN", sg_fin)],
        ["{f}: {v}", "my {f} is {v}", "{f} {v} (renewal due in March)"],
        "resident_card_no",
    ),
    (
        "home_location_code",
        [("home plus code", home_plus_code), ("what3words", home_w3w), ("my front door", home_w3w)],
        ["{f}: {v}", "the courier should use {v}, that's our house", "home = {v}"],
        "home_location",
    ),
    (
        "iris_template",
        [("iris template", iris_template), ("iris code", iris_template)],
        [
            '{{"subject": "badge-0917", "{k}": "{v}"}}',
            "enrolled {f} for my gate access: {v}",
            "UPDATE staff_biometrics SET iris = '{v}' WHERE staff_id = 4411;",
        ],
        "iris_template",
    ),
]:
    _pii15(_name15p, _kinds15, _own15p, _key15)


_NUM_WORDS = {
    "en": ["then", "and then", "after that"],
    "de": ["dann", "und dann"],
    "fr": ["puis", "ensuite"],
    "es": ["luego", "y después"],
}


def _phone_read_aloud(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A phone number read aloud with words between its groups (the whole run is the number)."""
    forms = [
        ("en", "GB", "on the call she read her mobile out as {v}, can you add it to the ticket"),
        ("en", "US", "write this down: {v}"),
        ("de", "DE", "Er sagte seine Nummer so an: {v}"),
        ("fr", "FR", "le client a dicté son numéro : {v}"),
        ("es", "ES", "me dictó su móvil así: {v}, apúntalo en la ficha"),
    ]
    lang, region, form = forms[t]
    nat = phonenumbers.format_number(_phone_digits(rng, region), phonenumbers.PhoneNumberFormat.NATIONAL)
    groups = nat.replace("(", "").replace(")", "").replace("-", " ").split()
    joiner = rng.choice(_NUM_WORDS[lang])
    v = f", {joiner} ".join(groups) if rng.random() < 0.5 else f" {joiner} ".join(groups)
    return form.format(v=v), [v]


round15_custom("phone_read_aloud", "pii", _phone_read_aloud, 5)


_COLLEAGUE_FIRST = [
    "Ilse", "Tomasz", "Ngozi", "Rahim", "Saoirse", "Matías", "Yuki", "Kwabena", "Leilani", "Dragan",
    "Ayşe", "Priyanka", "Oskar", "Thandiwe", "Henrik", "Marisol",
]  # fmt: skip
_COLLEAGUE_LAST = [
    "Vandersteen", "Wójcik-Lind", "Adeyemi", "Chowdhury", "Ní Bhriain", "Etcheverry", "Hoshino", "Mensah",
    "Kahananui", "Petrović", "Karaca", "Venkataraman", "Lindqvist", "Dlamini", "Aaltonen", "Quispe",
]  # fmt: skip


def colleague_name(r: random.Random) -> str:
    return f"{r.choice(_COLLEAGUE_FIRST)} {r.choice(_COLLEAGUE_LAST)}"


def _colleague_prose(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A colleague's full name in running prose, no label around it."""
    v = colleague_name(rng)
    forms = [
        f"pinged {v} about it yesterday but no reply yet",
        f"according to {v} the cron job never ran on Sunday",
        f"{v} set up the staging cluster, so maybe ask them",
        f"can you draft a message to {v} explaining the rollback?",
        f"this is the script {v}'s team wrote last spring",
    ]
    return forms[t], [v]


round15_custom("colleague_name_prose", "pii", _colleague_prose, 5)


_ADDR15 = [
    (lambda r: f"{r.randrange(1, 120)}, Triq it-Torri", "Sliema SLM 1605", "Malta"),
    (lambda r: f"Landstrasse {r.randrange(1, 200)}", "9490 Vaduz", "Liechtenstein"),
    (lambda r: f"Niels Finsens gøta {r.randrange(1, 40)}", "100 Tórshavn", "Føroyar"),
    (lambda r: f"Aqqusinersuaq {r.randrange(1, 60)}, B-{r.randrange(100, 999)}", "3900 Nuuk", "Kalaallit Nunaat"),
    (lambda r: f"{r.randrange(1, 80)} Royal Road", "Quatre Bornes", "Mauritius"),
    (lambda r: f"H. Fehi Villa, Majeedhee Magu {r.randrange(1, 90)}", "Malé 20026", "Maldives"),
    (lambda r: f"No. {r.randrange(1, 60)}, Simpang {r.randrange(10, 99)}, Jalan Gadong", "BE3519", "Brunei"),
    (lambda r: f"Section {r.randrange(1, 90)}, Lot {r.randrange(1, 40)}, Boroko", "Port Moresby", "Papua New Guinea"),
    (lambda r: f"Calle {r.randrange(1, 30)} de Calacoto N° {r.randrange(1000, 9000)}", "La Paz", "Bolivia"),
    (lambda r: f"{r.randrange(1, 90)} Gwamile Street", "Mbabane", "Eswatini"),
    (lambda r: f"Maison {r.randrange(1, 300)}, Rue {r.randrange(100, 999)}, Cadjehoun", "Cotonou", "Bénin"),
    (lambda r: f"Mr. Bronsplein {r.randrange(1, 60)}", "Paramaribo", "Suriname"),
    (lambda r: f"Bulevar Svetog Petra Cetinjskog {r.randrange(1, 150)}", "81000 Podgorica", "Crna Gora"),
    (lambda r: f"Rruga Agim Ramadani {r.randrange(1, 80)}", "10000 Prishtinë", "Kosovë"),
]


def address15(r: random.Random) -> str:
    street, city, country = r.choice(_ADDR15)
    return f"{street(r)}, {city}, {country}"


def _address_prose(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """A home address in a sentence, no label."""
    v = address15(rng)
    forms = [
        f"we moved to {v} last month, so the old billing details are wrong",
        f"she's been living at {v} since the spring",
        f"the parcel went to {v} instead of the office",
        f"I'm at {v} all week if the hardware needs signing for",
    ]
    return forms[t], [v]


round15_custom("home_address_prose", "pii", _address_prose, 4)


_SCRIPT_NAMES15 = [
    (["ᐃᓕᓴᐱ", "ᐸᐅᓗ", "ᓯᐊᓚ", "ᒪᑦᓯ"], ["ᑭᓪᓗᐊᖅ", "ᐊᕐᓇᖅ", "ᐃᓄᒃᓱᒃ", "ᓇᓗᕙᖅ"]),  # Canadian syllabics (Inuktitut)
    (["བསྟན་འཛིན་", "ཚེ་རིང་", "པདྨ་", "སྒྲོལ་མ་"], ["རྡོ་རྗེ་", "དབང་མོ་", "ནོར་བུ་", "བཀྲ་ཤིས་"]),  # Tibetan
    (["ߡߊߡߊߘߎ", "ߝߊߕߎߡߊߕߊ", "ߛߏߙߌ", "ߊߡߌߣߊߕߊ"], ["ߞߊ߲ߕߋ", "ߞߎߦߊߕߋ", "ߕߙߊߏߙߋ", "ߞߋߌߕߊ"]),  # N'Ko
    (["𞤀𞤥𞤢𞤣𞤵", "𞤊𞤢𞤼𞤵𞤥𞤢", "𞤖𞤢𞤱𞤢", "𞤅𞤢𞤤𞤭𞤬"], ["𞤄𞤢𞤤𞤣𞤫", "𞤁𞤭𞤢𞤤𞤮", "𞤅𞤮𞤱", "𞤄𞤢𞥄"]),  # Adlam
]


def script_name15(r: random.Random) -> str:
    firsts, lasts = r.choice(_SCRIPT_NAMES15)
    sep = "" if firsts[0].endswith("་") else " "
    return f"{r.choice(firsts)}{sep}{r.choice(lasts)}"


_pii15(
    "person_name_scripts15",
    [("name", script_name15), ("full name", script_name15)],
    ["the applicant's {f} is {v}", "Signed: {v}", "approved by {v}", "{f}: {v}"],
    "full_name",
)


def _emergency_contact(rng: random.Random, t: int) -> tuple[str, list[str]]:
    """An emergency contact: a person's name and phone number (both planted), in an HR record."""
    name = colleague_name(rng)
    num = phone(rng, rng.choice(["GB", "DE", "FR", "US", "IN"]))
    forms = [
        f"emergency contact: {name} (sister), {num}",
        f'"emergencyContact": {{"name": "{name}", "relation": "spouse", "phone": "{num}"}}',
        f"In case of emergency call {name} on {num}",
        f"ICE\n  name   {name}\n  phone  {num}",
    ]
    return forms[t], [name, num]


round15_custom("emergency_contact", "pii", _emergency_contact, 4)


# ---------------------------------------------------------------------------------------------
# round 16 (issue 17, branch blind16): written blind to the engine, the holdout since it exists

ROUND16 = 16


def _picks16(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round16:{name}").sample(range(n_families), k)


# How people shorten a label when they type it in a hurry (one per category, fixed).
_ABBR16_SECRET = {
    "password": ["pw", "passwd", "pwd", "pass"],
    "psk": ["psk", "wpa psk"],
    "token": ["tok", "tkn", "token"],
    "key": ["apikey", "key", "k"],
    "other": ["creds", "secret", "sec"],
}
_ABBR16_PII = {
    "phone": ["ph", "tel", "mob"],
    "email": ["eml", "e-mail", "mail"],
    "address": ["addr", "adr"],
    "birth": ["dob", "d.o.b."],
    "name": ["nm", "full nm"],
    "iban": ["acct", "acc no"],
    "card": ["cc", "cc#"],
    "ip": ["ip", "ip addr"],
    "other": ["id#", "no.", "ref"],
}


def _abbr16(name: str, kind: str) -> str:
    r = random.Random(f"round16:abbr:{name}")
    if kind == "secret":
        group = next(
            (g for g, keys in [("password", ("password", "passphrase")), ("psk", ("wifi", "vpn")),
                               ("token", ("token", "pat", "session")), ("key", ("key",))]
             if any(k in name for k in keys)),
            "other",
        )  # fmt: skip
        return r.choice(_ABBR16_SECRET[group])
    group = next(
        (g for g, keys in [("phone", ("phone",)), ("email", ("email",)), ("address", ("address",)),
                           ("birth", ("birth", "dob")), ("name", ("name",)), ("iban", ("iban", "bank", "account")),
                           ("card", ("card",)), ("ip", ("ipv", "ip_"))]
         if any(k in name for k in keys)),
        "other",
    )  # fmt: skip
    return r.choice(_ABBR16_PII[group])


# Secret families: {L} an environment-style label, {A} the category's abbreviation in upper case,
# {a} in lower case, {k} kebab case, {v} the value, {v1} / {v2} its two halves (both planted).
# Round 16 is about what a person types: no label at all, a label shortened, the value in a shell
# history line, a container flag, a unit file, a cron line, a SQL role, an error that repeats it, a
# table, a quoted reply, a timestamped chat, a terminal's soft wrap, or a label in another language.
SECRET_FAMILIES16 = [
    "  {n}  2026-12-04 09:{m}:17 export {A}='{v}'",  # `history` with HISTTIMEFORMAT
    "docker run --rm -it -e {A}={v} -p 8080:8080 ghcr.io/acme/api:2.3.1",
    "helm upgrade --install api ./charts/api -n prod --set env.{a}={v} --set image.tag=2.3.1",
    'gh secret set {L} --env production --body "{v}" --repo acme/api',
    "deploy: build\n\t{A}={v} ./scripts/release.sh $(VERSION)",  # a Makefile recipe
    '[Service]\nUser=api\nEnvironment="{A}={v}"\nExecStart=/opt/api/bin/server',
    "15 3 * * 1-5 {A}={v} /opt/backup/run.sh >> /var/log/backup.log 2>&1",
    "CREATE ROLE report_reader WITH LOGIN PASSWORD '{v}' VALID UNTIL '2027-06-30';",
    "error: invalid value \"{v}\" for '--{k}': expected 40 characters, got {len}",
    "| env | {a} | owner |\n|---|---|---|\n| staging | `{v}` | platform |",
    "> {a} for the vendor portal is {v}\n> shout if it doesn't work\n\nworked first time, thanks!",
    "[09:41:12] <dana> what's the {a} for the sandbox again?\n[09:41:40] <lee> {v}\n[09:41:44] <dana> ta",
    "$ echo ${A}\n{v1}\n{v2}\n$ # (terminal wrapped it, that's one line)",
    "ọ̀rọ̀ aṣínà {a} mi ni {v}, ṣùgbọ́n kò ṣiṣẹ́",  # Yoruba
    "okwuntughe {a} m bụ {v}, mana ọ naghị arụ ọrụ",  # Igbo
    "ny teny miafina {a} dia {v}, saingy tsy mandeha",  # Malagasy
    "زما {a} پټنوم {v} دی خو کار نه کوي",  # Pashto
    "مېنىڭ {a} پارولىم {v} ، لېكىن ئىشلىمەيدۇ",  # Uyghur
    "ang akong {a} kay {v} pero dili mogana",  # Cebuano
]

# Personal-data families: {f} the field in words, {k} a snake-case key, {a} a shortened label,
# {v} the value. Many are someone else's data pasted from a system: a customer row, a ticket, a
# form's CSV export, a quoted reply, a support chat.
PII_FAMILIES16 = [
    " id   | plan | {k}\n------+------+------\n 7731 | pro  | {v}\n(1 row)",  # psql output
    "Ticket #48213 (priority: normal)\nCustomer writes: my {f} is {v} and your checkout keeps rejecting it",
    '"Timestamp","What is your {f}?","Consent"\n"2026/11/30 2:02:11 PM GMT","{v}","Yes"',  # a form's export
    "> my {f} is {v}\n> thanks for sorting this\n\nHi, I've updated the record.",
    "[14:03] agent: can you confirm the {a} on the account?\n[14:04] customer: {v}\n[14:04] agent: thanks",
    "| field | value |\n|---|---|\n| {f} | {v} |\n| status | pending review |",
    "ValidationError: 1 validation error for Signup\n{k}\n  value is not valid [input_value='{v}']",
    "cust {a} {v} - pls fix in CRM",
    "cust {a}: {v}\nupdated by ops, see ticket",
    "oníbàárà fi {f} ránṣẹ́: {v}",  # Yoruba
    "onye ahịa zitere {f}: {v}",  # Igbo
    "nandefa {f} ny mpanjifa: {v}",  # Malagasy
    "پیرودونکي {f} ولېږه: {v}",  # Pashto
    "خېرىدار {f} ئەۋەتتى: {v}",  # Uyghur
    "gipadala sa kustomer ang {f}: {v}",  # Cebuano
]

# A value said in a sentence with no label, by kind (a person's own words, as typed into a prompt).
_SPEECH16 = {
    "phone": ["my number's {v}, text me if the build breaks", "reach me on {v} after six"],
    "email": ["reach me at {v} if the invite doesn't land", "just cc {v} on the thread"],
    "address": ["she lives at {v}, so ship the laptop there", "I'm staying at {v} until Friday"],
    "birth": ["I was born {v}, the age check should pass", "his birthday is {v} in case the form asks"],
    "name": ["loop in {v} when you reply", "I was pairing with {v} on this"],
    "iban": ["send the refund to {v}, that's my account", "pay the invoice into {v}"],
    "card": ["just charge it to {v}", "the card I used was {v}"],
    "ip": ["my home connection is {v} if you need to allowlist it", "I'm coming from {v} today"],
    "secret": ["the key I used was {v}, does it look revoked?", "tried again with {v}, same 403",
               "ok this is the one from the dashboard: {v}"],
    "pii": ["oh and my {f}'s {v} if you need it", "she gave me her {f} over the phone, {v}"],
}  # fmt: skip


def _speech16(name: str, kind: str) -> str:
    r = random.Random(f"round16:speech:{name}")
    for group, prefixes in [
        ("phone", ("phone",)), ("email", ("email",)), ("address", ("address", "home_address")),
        ("birth", ("date_of_birth",)), ("name", ("person_name", "colleague_name")), ("iban", ("iban",)),
        ("card", ("credit_card", "payment_card")), ("ip", ("ipv",)),
    ]:  # fmt: skip
        layout = any(w in name for w in ("encoded", "records", "id_fields", "layout"))  # (not how one says it)
        if kind == "pii" and name.startswith(prefixes) and not layout:
            return r.choice(_SPEECH16[group])
    return r.choice(_SPEECH16[kind])


def _extend16(name: str, make16: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-16 families (drawn by ``make16`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make16(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND16,) * n)


def _fill16(template: str, v: str, rng: random.Random, **kw: str) -> tuple[str, list[str]]:
    # {n} / {m} / {len}: a history number, a minute, the value's length (never planted)
    return _fill15(
        template.replace("{n}", str(rng.randrange(100, 2000))).replace("{m}", f"{rng.randrange(60):02d}")
        .replace("{len}", str(len(v))),
        v,
        **kw,
    )  # fmt: skip


def _generic16(name: str, kind: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A sentence with no label and two of round 16's shared families for a one-value category."""
    fams = SECRET_FAMILIES16 if kind == "secret" else PII_FAMILIES16
    picks = [_speech16(name, kind)] + [fams[j] for j in _picks16(name, len(fams), 2)]
    label = LABEL6.get(name, name.upper())
    abbr = _abbr16(name, kind)
    fname = (
        FIELD12.get(name)
        or FIELD11.get(name)
        or FIELD10.get(name)
        or FIELD9.get(name)
        or FIELD8.get(name)
        or FIELD7.get(name)
        or FIELD6.get(name)
        or name.replace("_", " ")
    )
    key = KEY12.get(name) or KEY11.get(name) or KEY10.get(name) or KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value11(name, rng)
        return _fill16(
            picks[t % len(picks)],
            v,
            rng,
            L=label,
            A=abbr.upper().replace(" ", "_").replace(".", "").replace("#", ""),
            a=abbr,
            k=label.lower().replace("_", "-") if kind == "secret" else key,
            f=fname,
        )

    return make, len(picks)


# Where a whole earlier snippet arrives from when its values only make sense together (key pairs,
# key blocks, user names in paths, URLs): {s} is an earlier family's text, kept verbatim.
CONTAINERS16 = [
    "$ pbpaste\n{s}",
    "[2026-12-04 09:41:07] <ops-oncall> pasting what I have:\n{s}\n[2026-12-04 09:42:30] <ops-oncall> that's all",
    "$ kubectl exec -n ops deploy/toolbox -- cat /run/notes/bootstrap.txt\n{s}",
    "CopyQ item 3 (copied 2026-12-04 18:20):\n{s}",
]


def _container16(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    old = next(c for c in CATS if c.name == name)
    earlier = [r for r in old.rounds if r < ROUND13] or list(old.rounds)  # (13's to 15's are containers)
    inner = [t for t, r in enumerate(old.rounds) if r == max(earlier)]
    frames = [CONTAINERS16[j] for j in _picks16(name, len(CONTAINERS16), 2)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        snippet, needles = old.make(rng, inner[rng.randrange(len(inner))])
        return frames[t % len(frames)].replace("{s}", snippet), needles

    return make, len(frames)


for _c in [c for c in CATS if ROUND16 not in c.rounds]:
    if _c.name in _SPECIFIC12 or len(_c.make(random.Random(f"round16:{_c.name}"), 0)[1]) > 1:
        _extend16(_c.name, *_container16(_c.name))
    else:
        _extend16(_c.name, *_generic16(_c.name, _c.kind))


# --- round 16's new kinds: each enters a draw cycle NEW16_WEIGHT times, so that the new kinds are
# about half of round 16's plants and the earlier kinds in new shapes the other half
NEW16_WEIGHT = 32


def round16_custom(
    name: str, kind: Literal["secret", "pii"], make: Callable[[random.Random, int], tuple[str, list[str]]], n: int
) -> None:
    CATS.append(Category(name, kind, make, (ROUND16,) * n, NEW16_WEIGHT))


def _multi16(
    formats: list[tuple[str, Callable[[random.Random], str]]],
    own: list[str],
    name: str,
    fits: dict[int, tuple[str, ...]] | None = None,
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several formats (a label and a generator each): its own templates, a sentence
    with no label and one of round 16's shared families; ``fits`` limits an own template to the
    formats its tool writes."""
    templates = [*own, _speech16(name, "secret"), SECRET_FAMILIES16[_picks16(name, len(SECRET_FAMILIES16), 1)[0]]]
    abbr = _abbr16(name, "secret")

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        i = t % len(templates)
        allowed = (fits or {}).get(i)
        label, gen = rng.choice([f for f in formats if allowed is None or f[0] in allowed])
        v = gen(rng)
        return _fill16(
            templates[i], v, rng, L=label, A=abbr.upper().replace(" ", "_"), a=abbr, k=label.lower().replace("_", "-")
        )

    return make, len(templates)


def proxmox_api_token(r: random.Random) -> str:
    # Proxmox VE API token: user@realm!tokenid=UUID, as the Authorization header carries it
    return f"{r.choice(['root@pam', 'ci@pve', 'terraform@pve'])}!{r.choice(['ci', 'tf', 'backup'])}={_uuid4(r)}"


def truenas_api_key(r: random.Random) -> str:
    return f"{r.randrange(1, 40)}-{_rs(r, B62, 64)}"  # TrueNAS API keys: the key's id, a dash, 64 characters


def nextcloud_app_password(r: random.Random) -> str:
    return "-".join(_rs(r, B62, 5) for _ in range(5))  # Nextcloud app passwords: five groups of five


def openai_admin_key(r: random.Random) -> str:
    # OpenAI admin keys: sk-admin-, then the project-key layout around the T3BlbkFJ marker
    return f"sk-admin-{_rs(r, B64URL, 58)}T3BlbkFJ{_rs(r, B64URL, 58)}"


def bedrock_api_key(r: random.Random) -> str:
    # Amazon Bedrock long-term API keys: "ABSK" and the base64 of "BedrockAPIKey-<id>-at-<account>:<secret>"
    raw = f"BedrockAPIKey-{_rs(r, LOWER_ALNUM, 4)}-at-{_d(r, 12)}:{_b64(r, 30)}".encode()
    return "ABSK" + base64.b64encode(raw).decode()


def netbird_pat(r: random.Random) -> str:
    # NetBird personal access tokens: nbp_, 30 characters and a 6-character base62 CRC32 checksum
    import zlib

    body = _rs(r, B62, 30)
    crc = zlib.crc32(body.encode())
    chk = ""
    while crc:
        crc, d = divmod(crc, 62)
        chk = B62[d] + chk
    return "nbp_" + body + chk.rjust(6, B62[0])  # (zero-padded: B62[0] is the zero digit)


def mullvad_account(r: random.Random) -> str:
    v = _d(r, 16)  # a Mullvad account number is the login itself: sixteen digits
    return " ".join(v[i : i + 4] for i in range(0, 16, 4)) if r.random() < 0.5 else v


def grafana_cloud_token(r: random.Random) -> str:
    # Grafana Cloud access-policy tokens: glc_ and the base64 of a JSON object holding the secret
    body = json.dumps(
        {"o": str(r.randrange(10**5, 10**7)), "n": f"stack-{r.randrange(10**5, 10**6)}-{r.choice(['ci', 'alloy'])}",
         "k": _rs(r, B62, 24), "m": {"r": r.choice(["prod-eu-west-2", "prod-us-east-0"])}},
        separators=(",", ":"),
    )  # fmt: skip
    return "glc_" + base64.b64encode(body.encode()).decode().rstrip("=")


for _name16, _formats16, _own16, _fits16 in [
    (
        "homelab_api_token",
        [
            ("PROXMOX_API_TOKEN", proxmox_api_token),
            ("TRUENAS_API_KEY", truenas_api_key),
            ("NEXTCLOUD_APP_PASSWORD", nextcloud_app_password),
        ],
        [
            "{L}={v}",
            "curl -k -H 'Authorization: PVEAPIToken={v}' https://pve.home.arpa:8006/api2/json/nodes",
            'provider "proxmox" {{\n  endpoint  = "https://pve.home.arpa:8006/"\n  api_token = "{v}"\n}}',
            "curl -H 'Authorization: Bearer {v}' http://truenas.home.arpa/api/v2.0/pool",
            "nextcloudcmd --user ops --password '{v}' ~/Sync https://cloud.home.arpa",
        ],
        {1: ("PROXMOX_API_TOKEN",), 2: ("PROXMOX_API_TOKEN",), 3: ("TRUENAS_API_KEY",), 4: ("NEXTCLOUD_APP_PASSWORD",)},
    ),
    (
        "cloud_ai_admin_key",
        [("OPENAI_ADMIN_KEY", openai_admin_key), ("AWS_BEARER_TOKEN_BEDROCK", bedrock_api_key)],
        [
            "{L}={v}",
            "curl https://api.openai.com/v1/organization/usage/completions?start_time=1764547200 "
            '-H "Authorization: Bearer {v}"',
            "client = boto3.client('bedrock-runtime')  # picks up {L}\nos.environ['{L}'] = '{v}'",
        ],
        {1: ("OPENAI_ADMIN_KEY",), 2: ("AWS_BEARER_TOKEN_BEDROCK",)},
    ),
    (
        "gitlab_prefixed_token",
        [
            ("CI_JOB_TOKEN", lambda r: f"glcbt-{r.randrange(10, 99)}_{_rs(r, B64URL, 20)}"),
            ("GITLAB_OAUTH_APP_SECRET", lambda r: "gloas-" + _rs(r, HEX, 64)),
            ("UNLEASH_INSTANCE_TOKEN", lambda r: "glffct-" + _rs(r, B64URL, 20)),
            ("GITLAB_INCOMING_EMAIL_TOKEN", lambda r: "glimt-" + _rs(r, LOWER_ALNUM, 25)),
            ("GITLAB_AGENT_TOKEN", lambda r: "glagent-" + _rs(r, B64URL, 50)),
        ],
        [
            "{L}={v}",
            "curl --header 'JOB-TOKEN: {v}' https://gitlab.acme.dev/api/v4/projects/88/packages/generic/cli/1.4/cli",
            "gitlab_rails['omniauth_providers'] = [{{ name: 'gitlab', app_id: '4f1c2e9a', app_secret: '{v}' }}]",
            "helm upgrade --install agent gitlab/gitlab-agent --set config.token={v} "
            "--set config.kasAddress=wss://kas.gitlab.com",
        ],
        {1: ("CI_JOB_TOKEN",), 2: ("GITLAB_OAUTH_APP_SECRET",), 3: ("GITLAB_AGENT_TOKEN",)},
    ),
    (
        "slack_refresh_token",
        [
            ("SLACK_REFRESH_TOKEN", lambda r: f"xoxe-1-{_rs(r, B62, 120)}"),
            ("SLACK_ROTATING_TOKEN", lambda r: f"xoxe.xoxp-1-{_rs(r, B62, 140)}"),
        ],
        [
            "{L}={v}",
            "curl -s https://slack.com/api/oauth.v2.access -d client_id=4f1c.9b1c -d grant_type=refresh_token "
            "-d refresh_token={v}",
            '{{"ok": true, "token_type": "user", "refresh_token": "{v}", "expires_in": 43200}}',
        ],
        {},
    ),
    (
        "vpn_account_secret",
        [("NB_API_TOKEN", netbird_pat), ("MULLVAD_ACCOUNT", mullvad_account)],
        [
            "{L}={v}",
            "curl -H 'Authorization: Token {v}' https://api.netbird.io/api/peers",
            '$ mullvad account login {v}\nMullvad account "{v}" set',
        ],
        {1: ("NB_API_TOKEN",), 2: ("MULLVAD_ACCOUNT",)},
    ),
    (
        "dev_platform_token16",
        [
            ("SCALINGO_API_TOKEN", lambda r: "tk-us-" + _rs(r, B64URL, 48)),
            ("FRAMEIO_TOKEN", lambda r: "fio-u-" + _rs(r, B64URL, 64)),
            ("README_API_KEY", lambda r: "rdme_" + _rs(r, LOWER_ALNUM, 70)),
            ("POLAR_ACCESS_TOKEN", lambda r: "polar_oat_" + _rs(r, B62, 43)),
        ],
        [
            "{L}={v}",
            "$ scalingo login --api-token {v}\n-----> Authenticate with api-token",
            "npx rdme openapi openapi.json --key={v} --id=6421f0e9",
            'polar = Polar(access_token="{v}", server="production")',
        ],
        {1: ("SCALINGO_API_TOKEN",), 2: ("README_API_KEY",), 3: ("POLAR_ACCESS_TOKEN",)},
    ),
    (
        "publishing_admin_key",
        [
            ("GHOST_ADMIN_API_KEY", lambda r: f"{_rs(r, HEX, 24)}:{_rs(r, HEX, 64)}"),
            ("GRAFANA_CLOUD_TOKEN", grafana_cloud_token),
        ],
        [
            "{L}={v}",
            "const api = new GhostAdminAPI({{\n  url: 'https://blog.acme.dev',\n  key: '{v}',\n  version: 'v5.0'\n}});",
            "grafanacloud:\n  stack: acme\n  token: {v}",
        ],
        {1: ("GHOST_ADMIN_API_KEY",), 2: ("GRAFANA_CLOUD_TOKEN",)},
    ),
]:
    round16_custom(_name16, "secret", *_multi16(_formats16, _own16, _name16, fits=_fits16))


# --- round 16's new personal data


def _pii16(name: str, kinds: list[tuple[str, Callable[[random.Random], str]]], own: list[str], key: str) -> None:
    """A new personal-data category of one or more kinds (a field label and a generator each): its
    own templates and two of round 16's shared families, ``{f}`` the drawn kind's label."""
    GENS[name] = lambda r: kinds[r.randrange(len(kinds))][1](r)
    shared = [PII_FAMILIES16[j] for j in _picks16(name, len(PII_FAMILIES16), 2)]
    templates = own + shared
    abbr = _abbr16(name, "pii")

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        fname, gen = kinds[rng.randrange(len(kinds))]
        return _fill16(templates[t % len(templates)], gen(rng), rng, f=fname, k=key, a=abbr)

    round16_custom(name, "pii", make, len(templates))


def sv_dui(r: random.Random) -> str:
    """El Salvador's DUI: eight digits and a check digit (weights 9 to 2, ten less the sum mod 10)."""
    body = _d(r, 8)
    check = (10 - sum(int(c) * w for c, w in zip(body, range(9, 1, -1), strict=True)) % 10) % 10
    return f"{body}-{check}"


_PL_LETTERS = {ch: 10 + i for i, ch in enumerate(string.ascii_uppercase)}


def pl_id_card(r: random.Random) -> str:
    """Poland's identity card (dowód osobisty): three letters, a check digit, five digits (weights 7 3
    1 for the letters, 7 3 1 7 3 for the digits, the check is the sum mod 10)."""
    letters = _rs(r, "ABCDEFGHIJKLMNOPRSTUVWXYZ", 3)
    digits = _d(r, 5)
    vals = [_PL_LETTERS[c] for c in letters] + [int(c) for c in digits]
    check = sum(v * w for v, w in zip(vals, [7, 3, 1, 7, 3, 1, 7, 3], strict=True)) % 10
    return f"{letters}{check}{digits}" if r.random() < 0.7 else f"{letters} {check}{digits}"


def gt_cui(r: random.Random) -> str:
    """Guatemala's DPI (CUI): eight digits, a check digit (each digit times its position plus one,
    mod 11, redrawn when that is 10), the department and the municipality."""
    while True:
        body = _d(r, 8)
        check = sum(int(c) * (i + 2) for i, c in enumerate(body)) % 11
        if check < 10:
            break
    dept, muni = r.randrange(1, 23), r.randrange(1, 8)
    v = f"{body}{check}{dept:02d}{muni:02d}"
    return f"{v[:4]} {v[4:9]} {v[9:]}" if r.random() < 0.6 else v


def au_centrelink_crn(r: random.Random) -> str:
    """Australia's Centrelink Customer Reference Number: nine digits and a check letter (weights 512
    down to 2, the sum mod 11 indexes XVTSRQPNLKJ)."""
    digits = _d(r, 9)
    total = sum(int(c) * w for c, w in zip(digits, [512, 256, 128, 64, 32, 16, 8, 4, 2], strict=True))
    v = digits + "XVTSRQPNLKJ"[total % 11]
    return f"{v[:3]} {v[3:6]} {v[6:]}" if r.random() < 0.5 else v


def li_peid(r: random.Random) -> str:
    # Liechtenstein's PEID of a person (python-stdnum accepts it): 4 to 12 digits
    return _until_valid("li.peid", lambda r: str(r.randrange(10**4, 10**10)), r)


def hn_dni(r: random.Random) -> str:
    # Honduras's DNI: the municipality of registration (4 digits), the birth year, a five-digit serial
    y, _, _ = _birth(r)
    return f"{r.choice(['0801', '0501', '0101', '1804', '0318'])}-{y}-{_d(r, 5)}"


def ve_cedula(r: random.Random) -> str:
    n = r.randrange(4_000_000, 32_000_000)  # Venezuela's cédula: V (national) or E (foreigner) and a serial
    return f"{r.choice('VVVE')}-{n:,}".replace(",", ".") if r.random() < 0.6 else f"{r.choice('VE')}{n}"


def jp_pension_number(r: random.Random) -> str:
    return f"{_d(r, 4)}-{_d(r, 6)}"  # Japan's basic pension number (基礎年金番号): four digits, six digits


_IN_RTO = ["MH", "KA", "DL", "TN", "UP", "GJ", "WB", "TS"]


def in_driving_licence(r: random.Random) -> str:
    # India's driving licence: state, RTO code, year of issue, seven-digit serial
    state = r.choice(_IN_RTO)
    v = f"{state}{r.randrange(1, 50):02d}{r.randrange(1995, 2026)}{_d(r, 7)}"
    return f"{v[:4]} {v[4:]}" if r.random() < 0.4 else (f"{v[:2]}-{v[2:]}" if r.random() < 0.5 else v)


def et_fayda_fan(r: random.Random) -> str:
    v = _d(r, 16)  # Ethiopia's Fayda FAN: sixteen digits, printed in groups of four
    return " ".join(v[i : i + 4] for i in range(0, 16, 4))


def us_passport_card(r: random.Random) -> str:
    return "C" + _d(r, 8)  # a US passport card: C and eight digits


for _name16p, _kinds16, _own16p, _key16 in [
    (
        "sv_dui",
        [("DUI", sv_dui), ("Documento Único de Identidad", sv_dui)],
        ["{f}: {v}", "mi {f} es {v}", "titular con DUI {v}"],
        "dui",
    ),
    (
        "pl_id_card",
        [("numer dowodu osobistego", pl_id_card), ("ID card number", pl_id_card), ("nr dowodu", pl_id_card)],
        ["{f}: {v}", "mój {f} to {v}", '"nr_dowodu": "{v}"'],
        "nr_dowodu",
    ),
    (
        "gt_cui",
        [("DPI", gt_cui), ("CUI", gt_cui)],
        ["{f}: {v}", "mi número de {f} es {v}", "{f} No. {v} (Guatemala)"],
        "dpi",
    ),
    (
        "au_centrelink_crn",
        [("CRN", au_centrelink_crn), ("Centrelink reference number", au_centrelink_crn)],
        ["{f}: {v}", "my {f} is {v}", "Customer Reference Number {v}"],
        "centrelink_crn",
    ),
    (
        "li_peid",
        [("PEID", li_peid), ("Personen-Identifikationsnummer", li_peid)],
        ["{f}: {v}", "meine {f} ist {v}", "{f} {v} (Steuerverwaltung)"],
        "peid",
    ),
    (
        "latam_national_id16",
        [("DNI", hn_dni), ("número de identidad", hn_dni), ("cédula", ve_cedula), ("C.I.", ve_cedula)],
        ["{f}: {v}", "mi {f} es {v}", "titular {f} {v}"],
        "identidad",
    ),
    (
        "jp_pension_number",
        [("基礎年金番号", jp_pension_number), ("basic pension number", jp_pension_number)],
        ["{f}: {v}", "my {f} is {v}", "{f}は{v}です"],
        "kiso_nenkin_bango",
    ),
    (
        "in_driving_licence",
        [("DL No", in_driving_licence), ("driving licence number", in_driving_licence)],
        ["{f}: {v}", "my {f} is {v}", "{f} {v} valid till 2034"],
        "dl_number",
    ),
    (
        "et_fayda_fan",
        [("Fayda FAN", et_fayda_fan), ("FAN", et_fayda_fan), ("የፋይዳ ቁጥር", et_fayda_fan)],
        ["{f}: {v}", "my {f} is {v}", "{f} {v} (Addis Ababa)"],
        "fayda_fan",
    ),
    (
        "us_passport_card",
        [("passport card number", us_passport_card), ("passport card no.", us_passport_card)],
        ["{f}: {v}", "my {f} is {v}", '"passport_card": "{v}"'],
        "passport_card",
    ),
]:
    _pii16(_name16p, _kinds16, _own16p, _key16)


# ---------------------------------------------------------------------------------------------
# round 17 (issue 17, branch blind17): written blind to the engine, the holdout since it exists

ROUND17 = 17


def _picks17(name: str, n_families: int, k: int) -> list[int]:
    # a fixed, per-category draw of the shared families (independent of the seed)
    return random.Random(f"round17:{name}").sample(range(n_families), k)


# Secret families: {L} an environment-style label, {l} it in lower case, {k} kebab case, {v} the
# value. Round 17 is about where a value lands in a developer's day: a diff hunk, a failing test's
# output, a structured log line (logfmt, JSON), a raw HTTP request, an example env file someone
# filled in, a spreadsheet pasted as tab-separated rows, a commit message, a YAML anchor, tfvars,
# Ansible vars kept out of the vault, a notebook's Out cell, and hurried typing (doubled spaces).
SECRET_FAMILIES17 = [
    "diff --git a/deploy/.env.prod b/deploy/.env.prod\n--- a/deploy/.env.prod\n+++ b/deploy/.env.prod\n"
    "@@ -4,3 +4,3 @@ APP_ENV=prod\n-{L}=\n+{L}={v}\n WORKERS=4",
    "FAILED tests/test_config.py::test_secret_is_masked - AssertionError: assert '{v}' == '***'\n  - ***\n  + {v}",
    'ts=2026-12-05T21:{m}:09.412Z lvl=debug caller=config.go:88 msg="resolved from env" {k}={v} src=env',
    '{{"@timestamp":"2026-12-05T21:{m}:09.412Z","log.level":"debug","message":"settings loaded",'
    '"settings":{{"{l}":"{v}","region":"eu-west-1"}}}}',
    "POST /internal/v2/reindex HTTP/1.1\nHost: search.internal.acme.dev\nUser-Agent: python-httpx/0.27.2\n"
    "{L}: {v}\nContent-Length: 0",
    "# copy to .env and fill in (do NOT commit .env)\nAPP_PORT=8080\n{L}={v}\nFEATURE_FLAGS=beta-search",
    "system\tenvironment\t{l}\tupdated\nbilling\tprod\t{v}\t2026-11-28\nsearch\tstaging\tsee 1Password\t2026-10-02",
    "commit 9c1e4b27d0a5f3e8b6c4d2a1f0e9d8c7b6a5f4e3\nAuthor: build <build@localhost>\n\n"
    "    hotfix: hardcode {l} until the secret store is back\n\n    {v}",
    'x-shared-env: &shared-env\n  {L}: "{v}"\n  TZ: UTC\nservices:\n  worker:\n    environment: *shared-env',
    '# terraform.tfvars (local only)\nproject = "acme-prod"\n{l} = "{v}"\nnode_count = 3',
    '# inventories/prod/group_vars/all.yml  -- TODO move to vault\n{l}: "{v}"\nntp_servers: [ntp1.acme.dev]',
    "In [14]: os.environ.get(\"{L}\")\nOut[14]: '{v}'",
    "ok so {l}  is  {v}   (straight from the admin page)",
    "wait wrong window lol, ignore this: {v}",
]

# Personal-data families: {f} the field in words, {k} a snake-case key, {v} the value; {who} a
# relation (the data is someone else's as often as the user's own).
PII_FAMILIES17 = [
    "forwarding this for {who}: the {f} is {v}, the clinic needs it by Friday",
    "{who} asked me to fix the signup form, it keeps rejecting {v} as the {f}",
    '@@ -21,4 +21,4 @@ def customer_fixture():\n-        {k}="TODO",\n+        {k}="{v}",\n         tier="gold",',
    "FAILED tests/test_export.py::test_pii_is_dropped - AssertionError: {k} leaked into the CSV: '{v}'",
    'lvl=info msg="profile saved" account=acct_88123 {k}="{v}" via=ios',
    '{{"level":"warn","event":"kyc.review","{k}":"{v}","reviewer":"queue-b","attempt":2}}',
    "PATCH /api/v1/members/88123 HTTP/1.1\nHost: crm.internal.acme.dev\n"
    "Content-Type: application/x-www-form-urlencoded\n\n{k}={vq}&notify=false",
    "ticket\t{k}\tstate\nSUP-5512\t{v}\topen\nSUP-5513\t(none)\tclosed",
    "fix(profiles): stop echoing the {f} back in error pages\n\n"
    "Reported by a user whose {f} ({v}) showed up in the 500 page.",
    'defaults: &member\n  {k}: "{v}"\n  locale: en-GB\nstaging_member:\n  <<: *member',
    "In [5]: members.loc[88123, \"{k}\"]\nOut[5]: '{v}'",
    "{who}'s {f}  is  {v} , can you double check it before we submit",
    '# host_vars/crm-01.yml\nescalation_contact_{k}: "{v}"',
]
_WHO17 = ["my mum", "my flatmate", "a customer", "the new hire", "my landlord", "our intern", "my brother"]

# A value said in everyday prose about someone else (by kind, as typed into a prompt).
_SPEECH17 = {
    "phone": ["ring my landlord on {v} if nobody's at the door", "the plumber's number is {v}, call before noon"],
    "email": ["add our accountant too, {v}, she signs off the invoices", "the contractor reads {v} only"],
    "address": ["the replacement goes to my dad's: {v}", "our new office manager just moved to {v}"],
    "birth": ["the patient was born {v}, the intake form rejected it", "my daughter's birthday is {v}"],
    "name": ["the repo now belongs to {v}, transfer it please", "handing the pager to {v} next week"],
    "iban": ["refund my flatmate to {v}, not to me", "her account for the deposit is {v}"],
    "card": ["my husband paid with {v} and it was charged twice", "put the renewal on her card {v}"],
    "ip": ["my brother's router shows {v} as the WAN address", "the freelancer connects from {v}"],
    "secret": ["this was pasted in the team channel earlier: {v}", "found it in an old wiki page: {v}"],
    "pii": ["{who}'s {f} is {v}", "{who} read out the {f} over the phone: {v}"],
}  # fmt: skip


def _speech17(name: str, kind: str) -> str:
    r = random.Random(f"round17:speech:{name}")
    for group, prefixes in [
        ("phone", ("phone",)), ("email", ("email",)), ("address", ("address", "home_address")),
        ("birth", ("date_of_birth",)), ("name", ("person_name", "colleague_name")), ("iban", ("iban",)),
        ("card", ("credit_card", "payment_card")), ("ip", ("ipv",)),
    ]:  # fmt: skip
        layout = any(w in name for w in ("encoded", "records", "id_fields", "layout"))  # (not how one says it)
        if kind == "pii" and name.startswith(prefixes) and not layout:
            return r.choice(_SPEECH17[group])
    return r.choice(_SPEECH17[kind])


def _extend17(name: str, make17: Callable[[random.Random, int], tuple[str, list[str]]], n: int) -> None:
    """Appends ``n`` round-17 families (drawn by ``make17`` from index 0) to an earlier category."""
    i = next(i for i, c in enumerate(CATS) if c.name == name)
    old = CATS[i]
    base = old.n_templates

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        return old.make(rng, t) if t < base else make17(rng, t - base)

    CATS[i] = Category(name, old.kind, make, old.rounds + (ROUND17,) * n, old.weight)


def _fill17(template: str, v: str, rng: random.Random, **kw: str) -> tuple[str, list[str]]:
    # {who}: a relation drawn per case (never planted); {n} / {m} / {len} as round 16's
    return _fill16(template.replace("{who}", rng.choice(_WHO17)), v, rng, **kw)


def _generic17(name: str, kind: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A sentence about someone else and one of round 17's shared families for a one-value category
    (two families: round 17 is kept smaller than round 16, every category still has two)."""
    fams = SECRET_FAMILIES17 if kind == "secret" else PII_FAMILIES17
    picks = [_speech17(name, kind)] + [fams[j] for j in _picks17(name, len(fams), 1)]
    label = LABEL6.get(name, name.upper())
    fname = (
        FIELD12.get(name)
        or FIELD11.get(name)
        or FIELD10.get(name)
        or FIELD9.get(name)
        or FIELD8.get(name)
        or FIELD7.get(name)
        or FIELD6.get(name)
        or name.replace("_", " ")
    )
    key = KEY12.get(name) or KEY11.get(name) or KEY10.get(name) or KEY9.get(name) or KEY8.get(name) or _key7(name)

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        v = _value11(name, rng)
        return _fill17(
            picks[t % len(picks)], v, rng, L=label, l=label.lower(), k=label.lower().replace("_", "-")
            if kind == "secret" else key, f=fname,
        )  # fmt: skip

    return make, len(picks)


# Where a whole earlier snippet lands when its values only make sense together (key pairs, blocks,
# paths, URLs): {s} is an earlier family's text, kept verbatim.
CONTAINERS17 = [
    "$ git stash show -p stash@{{0}} -- notes/ | tail -n +6\n{s}",
    "In [22]: print(Path('scratch/handover.txt').read_text())\n{s}",
    "$ tmux save-buffer - | head -40\n{s}",
    "--- attached file: handover-notes.txt ---\n{s}\n--- end of attachment ---",
]


def _container17(name: str) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    old = next(c for c in CATS if c.name == name)
    earlier = [r for r in old.rounds if r < ROUND13] or list(old.rounds)  # (13's to 16's are containers)
    inner = [t for t, r in enumerate(old.rounds) if r == max(earlier)]
    frames = [CONTAINERS17[j].replace("{{", "{").replace("}}", "}") for j in _picks17(name, len(CONTAINERS17), 2)]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        snippet, needles = old.make(rng, inner[rng.randrange(len(inner))])
        return frames[t % len(frames)].replace("{s}", snippet), needles

    return make, len(frames)


for _c in [c for c in CATS if ROUND17 not in c.rounds]:
    if _c.name in _SPECIFIC12 or len(_c.make(random.Random(f"round17:{_c.name}"), 0)[1]) > 1:
        _extend17(_c.name, *_container17(_c.name))
    else:
        _extend17(_c.name, *_generic17(_c.name, _c.kind))


# --- round 17's categories. Earlier kinds in new value shapes (names in other scripts and in
# "Lastname, Firstname" order, addresses written the local way, phones written the local way) weigh
# EARLIER17_WEIGHT; the new kinds weigh NEW17_WEIGHT, so that they are about 40 % of round 17's plants
# (each category's weight counts only in a draw of the round that wrote it).
EARLIER17_WEIGHT = 16
NEW17_WEIGHT = 34
NEW17: set[str] = set()  # the names of round 17's new kinds


def round17_custom(
    name: str,
    kind: Literal["secret", "pii"],
    make: Callable[[random.Random, int], tuple[str, list[str]]],
    n: int,
    new: bool = True,
) -> None:
    CATS.append(Category(name, kind, make, (ROUND17,) * n, NEW17_WEIGHT if new else EARLIER17_WEIGHT))
    if new:
        NEW17.add(name)


_NAMES17: list[tuple[list[str], list[str], str]] = [
    # (given names, family names, how they are joined: "gf" given first, "fg" family first, "f, g")
    (["花子", "健太", "美咲", "翔", "陽菜"], ["山本", "佐々木", "中村", "小林", "渡辺"], "fg"),
    (["민지", "서준", "지우", "하은", "도윤"], ["김", "이", "박", "최", "정"], "fg"),
    (["伟", "秀英", "建国", "丽娟", "子涵"], ["王", "李", "张", "刘", "陈"], "fg"),
    (["Анна", "Дмитрий", "Ольга", "Игорь", "Татьяна"], ["Кузнецова", "Смирнов", "Волкова", "Попов", "Лебедева"], "gf"),
    (["Γιώργος", "Ελένη", "Νίκος", "Μαρία", "Κώστας"], ["Παπαδόπουλος", "Οικονόμου", "Γεωργίου", "Νικολάου"], "gf"),
    (["נועה", "איתי", "תמר", "יונתן"], ["כהן", "לוי", "מזרחי", "פרץ"], "gf"),
    (["محمد", "فاطمة", "خالد", "نورة"], ["العتيبي", "الحربي", "القحطاني", "الشمري"], "gf"),
    (["अनन्या", "रोहित", "प्रिया", "विक्रम"], ["शर्मा", "वर्मा", "गुप्ता", "जोशी"], "gf"),
    (["สมชาย", "กัญญา", "ธนพล", "วรรณา"], ["ใจดี", "ศรีสุข", "บุญมา", "ทองคำ"], "gf"),
    (["Marta", "Piotr", "Ines", "Bartosz", "Greta"], ["Kowalczyk", "Wiśniewski", "Lindqvist", "Esposito"], "f, g"),
    (["Oluwaseun", "Chiamaka", "Tendai", "Nomvula"], ["Adeyemi", "Okonkwo", "Moyo", "Dlamini"], "f, g"),
]


def person_name17(r: random.Random) -> str:
    given, family, order = r.choice(_NAMES17)
    g, f = r.choice(given), r.choice(family)
    if order == "f, g":
        return f"{f}, {g}"
    if order == "fg":
        return f + g if r.random() < 0.5 and len(f + g) <= 4 else f"{f} {g}"
    return f"{g} {f}"


def _n(r: random.Random, lo: int, hi: int) -> int:
    return r.randrange(lo, hi)


# A home address as the country writes it (order, separators, postcode place, local words).
_ADDRESS17: list[Callable[[random.Random], str]] = [
    lambda r: (
        f"〒{_n(r, 100, 999)}-{_d(r, 4)} 東京都{r.choice(['世田谷区', '杉並区', '練馬区'])}"
        f"{r.choice(['松原', '高円寺南', '石神井町'])}{_n(r, 1, 6)}丁目{_n(r, 1, 30)}-{_n(r, 1, 20)}"
    ),
    lambda r: (
        f"서울특별시 {r.choice(['마포구', '송파구', '노원구'])} {r.choice(['월드컵로', '올림픽로', '동일로'])} "
        f"{_n(r, 10, 400)}, {_n(r, 101, 120)}동 {_n(r, 101, 1500)}호 ({_d(r, 5)})"
    ),
    lambda r: (
        f"{r.choice(['上海市徐汇区', '北京市海淀区', '广州市天河区'])}{r.choice(['漕溪北路', '学院路', '体育西路'])}"
        f"{_n(r, 1, 300)}号{_n(r, 1, 30)}栋{_n(r, 101, 2500)}室"
    ),
    lambda r: (
        f"Rua {r.choice(['das Palmeiras', 'Tabapuã', 'Voluntários da Pátria'])}, {_n(r, 10, 3000)}, "
        f"apto {_n(r, 11, 190)} - {r.choice(['Itaim Bibi', 'Botafogo', 'Santa Cecília'])}, "
        f"{r.choice(['São Paulo - SP', 'Rio de Janeiro - RJ'])}, {_d(r, 5)}-{_d(r, 3)}"
    ),
    lambda r: (
        f"Calle {r.choice(['Durango', 'Tonalá', 'Morelos'])} {_n(r, 10, 400)}, Int. {_n(r, 1, 12)}, "
        f"Col. {r.choice(['Roma Norte', 'Del Valle', 'Centro'])}, {r.choice(['Cuauhtémoc', 'Benito Juárez'])}, "
        f"{_d(r, 5)} Ciudad de México, CDMX"
    ),
    lambda r: (
        f"Via {r.choice(['Nizza', 'Po', 'Roma', 'Cibrario'])} {_n(r, 1, 200)}, "
        f"{r.choice(['10126 Torino TO', '40126 Bologna BO', '00185 Roma RM'])}"
    ),
    lambda r: (
        f"C/ {r.choice(['de Atocha', 'del Pez', 'de Verdi'])}, {_n(r, 1, 150)}, {_n(r, 1, 8)}º "
        f"{r.choice(['izda.', 'dcha.', 'B'])}, {r.choice(['28012 Madrid', '08012 Barcelona', '46001 València'])}"
    ),
    lambda r: (
        f"{r.choice(['Lindengracht', 'Vondelstraat', 'Oudegracht'])} {_n(r, 1, 300)}-{r.choice(['H', '1', '2'])}, "
        f"{_n(r, 1011, 3599)} {r.choice(['JB', 'KV', 'AD'])} {r.choice(['Amsterdam', 'Utrecht'])}"
    ),
    lambda r: (
        f"ul. {r.choice(['Długa', 'Piotrkowska', 'Grunwaldzka'])} {_n(r, 1, 200)}/{_n(r, 1, 90)}, "
        f"{_d(r, 2)}-{_d(r, 3)} {r.choice(['Kraków', 'Łódź', 'Gdańsk'])}"
    ),
    lambda r: (
        f"Flat {_n(r, 101, 1204)}, {r.choice(['Lotus Heights', 'Sai Krupa Apts', 'Green Glen Layout'])}, "
        f"{r.choice(['HSR Layout', 'Andheri East', 'Banjara Hills'])}, "
        f"{r.choice(['Bengaluru', 'Mumbai', 'Hyderabad'])} "
        f"{_n(r, 400001, 560110)}"
    ),
    lambda r: (
        f"{_n(r, 1, 90)} {r.choice(['Ogunlana Drive', 'Allen Avenue', 'Admiralty Way'])}, "
        f"{r.choice(['Surulere', 'Ikeja', 'Lekki Phase 1'])}, Lagos {_n(r, 100001, 106104)}"
    ),
    lambda r: (
        f"{_n(r, 1, 200)} {r.choice(['Jan Smuts Avenue', 'Kloof Street', 'Florida Road'])}, "
        f"{r.choice(['Parktown', 'Gardens', 'Morningside'])}, {r.choice(['Johannesburg, 2193', 'Cape Town, 8001'])}"
    ),
]


def home_address17(r: random.Random) -> str:
    return r.choice(_ADDRESS17)(r)


PHONE_REGIONS17 = ["JP", "KR", "CN", "BR", "MX", "IT", "ES", "NL", "PL", "IN", "NG", "ZA"]


def phone17(r: random.Random) -> str:
    """A mobile number of one of twelve countries, written the national way (re-validated)."""
    region = r.choice(PHONE_REGIONS17)
    ex = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    nsn = str(ex.national_number)
    keep = max(1, len(nsn) - 6)
    for _ in range(500):
        num = phonenumbers.parse(f"+{ex.country_code}{nsn[:keep]}{_d(r, len(nsn) - keep)}")
        if phonenumbers.is_valid_number(num) and str(num.national_number) != nsn:
            return phonenumbers.format_number(num, phonenumbers.PhoneNumberFormat.NATIONAL)
    raise RuntimeError(region)


for _name17e, _gen17e, _own17e in [
    (
        "person_name_world17",
        person_name17,
        ["please reassign the ticket to {v}", "reviewer: {v}", "Attendees: {v}; Lee", "{who} is {v} on the lease"],
    ),
    (
        "home_address_local17",
        home_address17,
        ["{who} moved, the new address is {v}", "Lieferadresse / delivery address: {v}", "ship to:\n{v}"],
    ),
    (
        "phone_local_prose17",
        phone17,
        ["{who} picks up on {v} most evenings", "text {v} when the courier is outside", "call {v} (mobile)"],
    ),
]:

    def _mk17e(
        rng: random.Random, t: int, gen: Callable[[random.Random], str] = _gen17e, own: list[str] = _own17e
    ) -> tuple[str, list[str]]:
        return _fill17(own[t % len(own)], gen(rng), rng)

    GENS[_name17e] = _gen17e
    round17_custom(_name17e, "pii", _mk17e, len(_own17e), new=False)


# --- round 17's new credential kinds


def _multi17(
    formats: list[tuple[str, Callable[[random.Random], str]]],
    own: list[str],
    name: str,
    fits: dict[int, tuple[str, ...]] | None = None,
) -> tuple[Callable[[random.Random, int], tuple[str, list[str]]], int]:
    """A category of several formats (a label and a generator each): its own templates, a sentence
    about someone else and one of round 17's shared families; ``fits`` limits an own template to
    the formats its tool writes."""
    templates = [*own, _speech17(name, "secret"), SECRET_FAMILIES17[_picks17(name, len(SECRET_FAMILIES17), 1)[0]]]

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        i = t % len(templates)
        allowed = (fits or {}).get(i)
        label, gen = rng.choice([f for f in formats if allowed is None or f[0] in allowed])
        return _fill17(templates[i], gen(rng), rng, L=label, l=label.lower(), k=label.lower().replace("_", "-"))

    return make, len(templates)


def anthropic_oauth_token(r: random.Random) -> str:
    # Claude subscription OAuth tokens: sk-ant-oat01- (access) or sk-ant-ort01- (refresh), the
    # API-key layout after it (93 URL-safe base64 characters and "AA")
    return f"sk-ant-{r.choice(['oat01', 'ort01'])}-{_rs(r, B64URL, 93)}AA"


def slack_xoxc(r: random.Random) -> str:
    # Slack's browser client token: xoxc-, three numeric ids and 64 hex characters
    return f"xoxc-{_d(r, 10)}-{_d(r, 13)}-{_d(r, 13)}-{_rs(r, HEX, 64)}"


def slack_xoxd(r: random.Random) -> str:
    # Slack's "d" session cookie: xoxd- and URL-encoded base64 (as the browser stores it)
    raw = base64.b64encode(bytes(r.randrange(256) for _ in range(r.choice([111, 120, 141])))).decode()
    return "xoxd-" + urllib.parse.quote(raw, safe="")


_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

for _name17, _formats17, _own17, _fits17 in [
    (
        "anthropic_oauth_token",
        [("CLAUDE_CODE_OAUTH_TOKEN", anthropic_oauth_token)],
        [
            "{L}={v}",
            '{{"claudeAiOauth": {{"accessToken": "{v}", "expiresAt": 1765012345000, "scopes": ["user:inference"]}}}}',
            "curl https://api.anthropic.com/v1/messages -H 'Authorization: Bearer {v}' "
            "-H 'anthropic-version: 2023-06-01' -d @req.json",
        ],
        {},
    ),
    (
        "nvidia_api_key",
        [("NVIDIA_API_KEY", lambda r: "nvapi-" + _rs(r, B64URL, 64))],
        [
            "{L}={v}",
            'client = OpenAI(base_url="https://integrate.api.nvidia.com/v1", api_key="{v}")',
            "echo '{v}' | docker login nvcr.io --username '$oauthtoken' --password-stdin",
        ],
        {},
    ),
    (
        "slack_browser_session",
        [("SLACK_XOXC_TOKEN", slack_xoxc), ("SLACK_D_COOKIE", slack_xoxd)],
        [
            "{L}={v}",
            "curl https://acme.slack.com/api/conversations.history -H 'Authorization: Bearer {v}' -d channel=C0831",
            "Cookie: d={v}; d-s=1764990000; lc=1764990000",
        ],
        {1: ("SLACK_XOXC_TOKEN",), 2: ("SLACK_D_COOKIE",)},
    ),
    (
        "doppler_token17",
        [
            ("DOPPLER_TOKEN", lambda r: "dp.ct." + _rs(r, B62, 40)),
            ("DOPPLER_SCIM_TOKEN", lambda r: "dp.scim." + _rs(r, B62, 40)),
            ("DOPPLER_AUDIT_TOKEN", lambda r: "dp.audit." + _rs(r, B62, 40)),
        ],
        [
            "{L}={v}",
            "$ doppler configure set token {v} --scope /srv/api\n┌───────┬───────┐",
            "curl -s https://api.doppler.com/scim/v2/Users -H 'Authorization: Bearer {v}'",
        ],
        {1: ("DOPPLER_TOKEN",), 2: ("DOPPLER_SCIM_TOKEN",)},
    ),
    (
        "platform_access_token17",
        [
            ("POSTMAN_ACCESS_TOKEN", lambda r: "PMAT-" + _rs(r, _CROCKFORD, 26)),
            ("LINEAR_OAUTH_TOKEN", lambda r: "lin_oauth_" + _rs(r, HEX, 64)),
            ("DOCKER_ORG_TOKEN", lambda r: "dckr_oat_" + _rs(r, B64URL, 32)),
        ],
        [
            "{L}={v}",
            "curl https://api.linear.app/graphql -H 'Authorization: Bearer {v}' "
            '-d \'{{"query":"{{ viewer {{ id }} }}"}}\'',
            "echo {v} | docker login -u acmeorg --password-stdin",
            "postman login --with-api-key {v}",
        ],
        {1: ("LINEAR_OAUTH_TOKEN",), 2: ("DOCKER_ORG_TOKEN",), 3: ("POSTMAN_ACCESS_TOKEN",)},
    ),
    (
        "databricks_oauth_secret",
        [("DATABRICKS_CLIENT_SECRET", lambda r: "dose" + _rs(r, HEX, 32))],
        [
            "{L}={v}",
            "[prod]\nhost          = https://adb-7731442.13.azuredatabricks.net\nclient_id     = sp-etl-nightly\n"
            "client_secret = {v}",
            'curl -u "$DATABRICKS_CLIENT_ID:{v}" https://adb-7731442.13.azuredatabricks.net/oidc/v1/token '
            "-d 'grant_type=client_credentials&scope=all-apis'",
        ],
        {},
    ),
    (
        "gitlab_prefixed_token17",
        [
            ("GITLAB_FEED_TOKEN", lambda r: "glft-" + _rs(r, B64URL, 20)),
            ("GITLAB_SCIM_TOKEN", lambda r: "glsoat-" + _rs(r, B64URL, 20)),
        ],
        [
            "{L}={v}",
            "https://gitlab.acme.dev/dashboard/issues.atom?feed_token={v}&assignee_username=me",
            "curl -H 'Authorization: Bearer {v}' https://gitlab.com/api/scim/v2/groups/acme/Users",
        ],
        {1: ("GITLAB_FEED_TOKEN",), 2: ("GITLAB_SCIM_TOKEN",)},
    ),
]:
    round17_custom(_name17, "secret", *_multi17(_formats17, _own17, _name17, fits=_fits17))


# --- round 17's new personal data


def _pii17(name: str, kinds: list[tuple[str, Callable[[random.Random], str]]], own: list[str], key: str) -> None:
    """A new personal-data category (a field label and a generator per kind): its own templates and
    two of round 17's shared families, ``{f}`` the drawn kind's label."""
    GENS[name] = lambda r: kinds[r.randrange(len(kinds))][1](r)
    shared = [PII_FAMILIES17[j] for j in _picks17(name, len(PII_FAMILIES17), 2)]
    templates = own + shared

    def make(rng: random.Random, t: int) -> tuple[str, list[str]]:
        fname, gen = kinds[rng.randrange(len(kinds))]
        return _fill17(templates[t % len(templates)], gen(rng), rng, f=fname, k=key)

    round17_custom(name, "pii", make, len(templates))


def _luhn_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def us_npi(r: random.Random) -> str:
    """A US National Provider Identifier: 1 or 2, eight digits and a Luhn check digit computed with
    the card-issuer prefix 80840 in front (CMS's published rule)."""
    body = r.choice("12") + _d(r, 8)
    return body + _luhn_digit("80840" + body)


def us_dea_number(r: random.Random) -> str:
    """A DEA registration number: the registrant type (A, B, F, G or M), the initial of the
    registrant's surname, six digits and a check digit (the last digit of d1 + d3 + d5 + 2 (d2 + d4
    + d6))."""
    digits = _d(r, 6)
    check = int(digits[0]) + int(digits[2]) + int(digits[4]) + 2 * (int(digits[1]) + int(digits[3]) + int(digits[5]))
    return r.choice("ABFGM") + r.choice("ABCDEFGHJKLMNPRSTWZ") + digits + str(check % 10)


def hu_personal_id(r: random.Random) -> str:
    """Hungary's személyi azonosító of a citizen born 1950 to 1996: sex (1 or 2), YYMMDD, a
    three-digit serial and a check digit (each digit times its position, 1 to 10, mod 11; a serial
    that gives 10 is never issued)."""
    while True:
        y, m, d = _birth(r, 1950, 1996)
        body = f"{r.choice('12')}{y % 100:02d}{m:02d}{d:02d}{_d(r, 3)}"
        check = sum(int(c) * (i + 1) for i, c in enumerate(body)) % 11
        if check < 10:
            v = body + str(check)
            return f"{v[0]}-{v[1:7]}-{v[7:]}" if r.random() < 0.4 else v


def uk_uln(r: random.Random) -> str:
    """A UK Unique Learner Number: ten digits, the first not 0, the last 10 less the sum of the first
    nine weighted 10 down to 2, mod 11 (a remainder of 0 is never issued)."""
    while True:
        body = str(r.randrange(1, 10)) + _d(r, 8)
        rem = sum(int(c) * w for c, w in zip(body, range(10, 1, -1), strict=True)) % 11
        if rem:
            return body + str(10 - rem)


_UPN_LETTERS = "ABCDEFGHJKLMNPQRTUVWXYZ"  # (23 letters: no I, O or S)


def uk_upn(r: random.Random) -> str:
    """An English Unique Pupil Number: a check letter, the local authority (3 digits), the school (4),
    the year of allocation (2) and a serial (3); the letter indexes the sum of characters 2 to 13
    times their position, mod 23."""
    body = f"{r.choice(['202', '308', '330', '850', '919'])}{_d(r, 4)}{r.randrange(10, 26)}{_d(r, 3)}"
    check = sum(int(c) * (i + 2) for i, c in enumerate(body)) % 23
    return _UPN_LETTERS[check] + body


_CCC_W = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]


def _ccc_digit(ten: str) -> str:
    d = 11 - sum(int(c) * w for c, w in zip(ten, _CCC_W, strict=True)) % 11
    return str({11: 0, 10: 1}.get(d, d))


def es_ccc(r: random.Random) -> str:
    """A Spanish Código Cuenta Cliente (a person's domestic account number before IBAN): bank (4),
    branch (4), two control digits (weights 1 2 4 8 5 10 9 7 3 6, mod 11) and the account (10)."""
    bank = r.choice(["2100", "0049", "0182", "2085", "0081", "1465"])
    branch, account = _d(r, 4), _d(r, 10)
    dc = _ccc_digit("00" + bank + branch) + _ccc_digit(account)
    return r.choice(
        [f"{bank} {branch} {dc} {account}", f"{bank}-{branch}-{dc}-{account}", bank + branch + dc + account]
    )


for _name17p, _kinds17, _own17p, _key17 in [
    (
        "us_npi",
        [("NPI", us_npi), ("National Provider Identifier", us_npi)],
        ["{f}: {v}", "referring physician, {f} {v}", '"rendering_provider_npi": "{v}"'],
        "provider_npi",
    ),
    (
        "us_dea_number",
        [("DEA #", us_dea_number), ("DEA registration number", us_dea_number)],
        ["prescriber {f} {v}", "{f}: {v}", "Rx signed by Dr. (DEA {v})"],
        "dea_number",
    ),
    (
        "hu_personal_id",
        [("személyi azonosító", hu_personal_id), ("személyi szám", hu_personal_id), ("personal id", hu_personal_id)],
        ["{f}: {v}", "a {f} {v}", '"szemelyi_azonosito": "{v}"'],
        "szemelyi_azonosito",
    ),
    (
        "uk_uln",
        [("ULN", uk_uln), ("Unique Learner Number", uk_uln)],
        [
            "{f}: {v}",
            "learner {f} {v} missing from the ILR return",
            "<LearnRefNumber>L7731</LearnRefNumber><ULN>{v}</ULN>",
        ],
        "uln",
    ),
    (
        "uk_upn",
        [("UPN", uk_upn), ("Unique Pupil Number", uk_upn)],
        ["{f}: {v}", "pupil {f} {v} failed the CTF import", "UPN,Forename,Year\n{v},(withheld),9"],
        "upn",
    ),
    (
        "es_ccc",
        [("CCC", es_ccc), ("número de cuenta", es_ccc), ("cuenta (CCC)", es_ccc)],
        ["{f}: {v}", "domicilien el recibo en mi {f} {v}", '"ccc": "{v}"'],
        "ccc",
    ),
]:
    _pii17(_name17p, _kinds17, _own17p, _key17)


CATEGORIES: tuple[str, ...] = tuple(c.name for c in CATS)
KIND = {c.name: c.kind for c in CATS}

# ---------------------------------------------------------------------------------------------
# decoys (hard negatives): each makes text that must come out verbatim


def _decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    def sha(r: random.Random) -> str:
        return _rs(r, HEX, 40)

    def uuid(r: random.Random) -> str:
        h = _rs(r, HEX, 32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"

    def ver(r: random.Random) -> str:
        return f"{r.randrange(0, 20)}.{r.randrange(0, 40)}.{r.randrange(0, 30)}"

    return {
        "git_sha": [
            lambda r: f"commit {sha(r)}",
            lambda r: f"git cherry-pick {sha(r)[: r.choice([7, 10, 12])]}",
            lambda r: f"HEAD is now at {sha(r)[:7]} fix flaky test",
            lambda r: f"rev: {sha(r)}",
        ],
        "uuid": [
            lambda r: f"request_id={uuid(r)}",
            lambda r: f'"id": "{uuid(r)}"',
            lambda r: f"trace {uuid(r)} failed",
            lambda r: f"/api/v2/orders/{uuid(r)}/items",
        ],
        "semver": [
            lambda r: f"upgraded react from {ver(r)} to {ver(r)}",
            lambda r: f'"lodash": "^{ver(r)}"',
            lambda r: f"pip install django=={ver(r)}",
            lambda r: f"python {r.choice(['3.11.7', '3.12.1', '3.10.13'])} on ubuntu 22.04",
        ],
        "lockfile_hash": [
            lambda r: f"integrity sha512-{base64.b64encode(bytes(r.randrange(256) for _ in range(64))).decode()}",
            lambda r: f"    --hash=sha256:{_rs(r, HEX, 64)}",
            lambda r: f'"checksum": "sha256:{_rs(r, HEX, 64)}"',
            lambda r: f"image: nginx@sha256:{_rs(r, HEX, 64)}",
        ],
        "base64_image": [
            lambda r: (
                'img.src = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA'
                + base64.b64encode(bytes(r.randrange(256) for _ in range(60))).decode()
                + '"'
            ),
            lambda r: (
                "background: url(data:image/gif;base64,R0lGODlh"
                + base64.b64encode(bytes(r.randrange(256) for _ in range(45))).decode()
                + ");"
            ),
            lambda r: (
                "const logo = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0i"
                + base64.b64encode(bytes(r.randrange(256) for _ in range(36))).decode()
                + "';"
            ),
            lambda r: (
                '"thumbnail": "/9j/4AAQSkZJRgABAQ'
                + base64.b64encode(bytes(r.randrange(256) for _ in range(48))).decode()
                + '"'
            ),
        ],
        "code_identifier": [
            lambda r: "client = OpenAI(api_key=self.config.api_key)",
            lambda r: 'token = os.environ["GITHUB_TOKEN"]',
            lambda r: "password = getpass.getpass(prompt='DB password: ')",
            lambda r: 'headers = {"Authorization": f"Bearer {access_token}"}',
            lambda r: "if not settings.SECRET_KEY: raise ImproperlyConfigured",
            lambda r: "def rotate_api_key(user_id: int, old_key: str) -> str:",
        ],
        "placeholder": [
            lambda r: "OPENAI_API_KEY=<YOUR_API_KEY>",
            lambda r: "export GITHUB_TOKEN=${GITHUB_TOKEN}",
            lambda r: "password: xxxxxxxx",
            lambda r: 'api_key = "your-api-key-here"',
            lambda r: "AWS_SECRET_ACCESS_KEY=${{ secrets.AWS_SECRET_ACCESS_KEY }}",
            lambda r: "DB_PASSWORD=********",
        ],
        "public_url": [
            lambda r: "token_uri is https://oauth2.googleapis.com/token",
            lambda r: "POST https://api.openai.com/v1/chat/completions",
            lambda r: "see https://docs.python.org/3/library/asyncio-task.html#asyncio.gather",
            lambda r: "https://github.com/pallets/flask/issues/" + str(r.randrange(1000, 5999)),
        ],
        "ordinary_date": [
            lambda r: f"released on {r.randrange(2018, 2026)}-{r.randrange(1, 13):02d}-{r.randrange(1, 29):02d}",
            lambda r: (
                f"2024-0{r.randrange(1, 10)}-1{r.randrange(0, 9)}T0{r.randrange(0, 10)}:12:44Z INFO worker started"
            ),
            lambda r: f"the sprint ends {MONTHS[r.randrange(12)]} {r.randrange(1, 29)}",
            lambda r: f"expires_at: {r.randrange(2025, 2030)}-{r.randrange(1, 13):02d}-01",
        ],
        "capitalised_words": [
            lambda r: "Visual Studio Code keeps asking to Reload Window",
            lambda r: "Docker Desktop and Google Cloud Run both fail",
            lambda r: "Please Review The Pull Request Before Friday",
            lambda r: "Amazon Web Services, Microsoft Azure or Google Kubernetes Engine?",
            lambda r: "Internal Server Error when the Load Balancer Health Check runs",
            lambda r: "New York Times API and Hacker News clone",
        ],
        "port_number": [
            lambda r: f"http://localhost:{r.choice([3000, 5173, 8000, 8080, 8443])}/health",
            lambda r: f"0.0.0.0:{r.choice([5432, 6379, 9200, 27017])}->5432/tcp",
            lambda r: f"listen {r.choice([80, 443, 8080])} default_server;",
            lambda r: f"EXPOSE {r.choice([3000, 8000, 9090])}",
        ],
        "plain_path": [
            lambda r: "/usr/local/lib/python3.11/site-packages/requests/adapters.py",
            lambda r: "C:\\Program Files\\Git\\bin\\bash.exe",
            lambda r: "/var/log/nginx/error.log",
            lambda r: "./src/components/UserProfile.tsx",
            lambda r: "/etc/systemd/system/api.service",
            lambda r: "~/.config/nvim/init.lua",
        ],
        "aws_example_key": [
            lambda r: "AKIAIOSFODNN7EXAMPLE",
            lambda r: "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            lambda r: "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
            lambda r: "the docs use wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY as the secret",
        ],
        "private_ip": [
            lambda r: f"curl http://192.168.{r.randrange(0, 255)}.{r.randrange(2, 254)}:8080/",
            lambda r: f"10.{r.randrange(0, 255)}.{r.randrange(0, 255)}.{r.randrange(2, 254)}",
            lambda r: "127.0.0.1 localhost",
            lambda r: "::1 ip6-localhost",
        ],
        "number_lookalike": [
            lambda r: f"order #{r.randrange(10**7, 10**8)}",
            lambda r: f'"created": {r.randrange(1_600_000_000_000, 1_800_000_000_000)}',
            lambda r: f"pid {r.randrange(1000, 99999)} exited with code 137",
            lambda r: f"took {r.randrange(100, 9999)}ms ({r.randrange(10, 99)}.{r.randrange(0, 9)}% cpu)",
        ],
        "hex_color_css": [
            lambda r: f"color: #{_rs(r, HEX, 6)}; margin: 0 auto;",
            lambda r: f"--brand-primary: #{_rs(r, HEX, 6)};",
            lambda r: "grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));",
            lambda r: f"rgba({r.randrange(256)}, {r.randrange(256)}, {r.randrange(256)}, 0.5)",
        ],
    }


def _round2_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-2 hard negatives (the holdout of round 2, dev since round 3): fresh shapes of the
    first decoy categories and new categories."""

    def sha(r: random.Random) -> str:
        return _rs(r, HEX, 40)

    def uuid(r: random.Random) -> str:
        h = _rs(r, HEX, 32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-b{h[17:20]}-{h[20:]}"

    def ver(r: random.Random) -> str:
        return f"{r.randrange(0, 20)}.{r.randrange(0, 40)}.{r.randrange(0, 30)}"

    return {
        "git_sha": [
            lambda r: f"Merge: {sha(r)[:7]} {sha(r)[:7]}",
            lambda r: f"fixup! {sha(r)[:8]} tidy imports",
            lambda r: f"| {sha(r)[:10]} | bump deps |",
        ],
        "uuid": [
            lambda r: f"<RequestId>{uuid(r)}</RequestId>",
            lambda r: f"X-Request-Id: {uuid(r)}",
            lambda r: f"$jobId = '{uuid(r)}'",
        ],
        "semver": [
            lambda r: f"FROM node:{ver(r)}-alpine",
            lambda r: f'terraform {{ required_version = ">= {ver(r)}" }}',
            lambda r: f"helm.sh/chart: api-{ver(r)}",
        ],
        "lockfile_hash": [
            lambda r: f'  resolved "https://registry.yarnpkg.com/ms/-/ms-2.1.3.tgz#{sha(r)}"',
            lambda r: f"{_rs(r, HEX, 64)}  dist/app-linux-amd64.tar.gz",
            lambda r: f'  hash = "h1:{base64.b64encode(bytes(r.randrange(256) for _ in range(32))).decode()}"',
        ],
        "base64_image": [
            lambda r: (
                "![diagram](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA"
                + base64.b64encode(bytes(r.randrange(256) for _ in range(54))).decode()
                + ")"
            ),
            lambda r: (
                '<img src="data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ'
                + base64.b64encode(bytes(r.randrange(256) for _ in range(42))).decode()
                + '">'
            ),
        ],
        "code_identifier": [
            lambda r: "password: str = Field(..., min_length=12)",
            lambda r: "def check_password(self, raw_password: str) -> bool:",
            lambda r: "const { password, token } = req.body;",
            lambda r: 'if token is None: raise ValueError("missing token")',
            lambda r: '$password = Read-Host -AsSecureString "Password"',
            lambda r: 'var connStr = config.GetConnectionString("Default");',
        ],
        "placeholder": [
            lambda r: "Server=sql01;Database=App;User Id=sa;Password=<your-password>;",
            lambda r: "$env:API_KEY = '<paste key here>'",
            lambda r: "token: REPLACE_ME",
            lambda r: 'password = "${var.db_password}"',
            lambda r: "docker login -u ci -p $CI_REGISTRY_PASSWORD $CI_REGISTRY",
            lambda r: "PGPASSWORD=$PGPASSWORD psql -h db -U app",
            lambda r: "      env:\n        NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
            lambda r: "spring.datasource.password=${DB_PASSWORD}",
        ],
        "public_url": [
            lambda r: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
            lambda r: "npm config get registry -> https://registry.npmjs.org/",
            lambda r: "https://api.slack.com/apps and https://discord.com/developers/docs/resources/webhook",
        ],
        "ordinary_date": [
            lambda r: f"Last-Modified: Tue, {r.randrange(10, 28)} Mar 2024 10:01:22 GMT",
            lambda r: f"deadline {r.randrange(2025, 2028)}-06-30, code freeze the week before",
            lambda r: f"| {r.randrange(2019, 2026)}-0{r.randrange(1, 10)}-15 | v{ver(r)} |",
        ],
        "capitalised_words": [
            lambda r: "Apache Kafka Connect changed the offsets again",
            lambda r: "GitHub Actions said the job failed, Dependabot opened a PR",
            lambda r: "ask Stack Overflow or the Spring Boot docs",
            lambda r: "Thanks, Visual Studio",
            lambda r: "Jupyter Notebook and React Native both reported it",
            lambda r: "cc Platform Team on the rollout",
        ],
        "port_number": [
            lambda r: f'ports:\n  - "{r.choice([3000, 8080, 9000])}:{r.choice([3000, 8080, 9000])}"',
            lambda r: f"netstat: tcp 0 0 0.0.0.0:{r.choice([22, 5432, 6379])} LISTEN",
        ],
        "plain_path": [
            lambda r: "C:\\Users\\Public\\Documents\\setup.log",
            lambda r: "/home/runner/work/app/app/node_modules/.bin/jest",
            lambda r: "C:\\Users\\Default\\AppData\\Local\\Temp",
            lambda r: "/Users/Shared/Previously Relocated Items",
        ],
        "aws_example_key": [
            lambda r: "aws_access_key_id = AKIAI44QH8DHBEXAMPLE",
            lambda r: "secret: je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
        ],
        "private_ip": [
            lambda r: f"172.{r.randrange(16, 32)}.{r.randrange(0, 255)}.{r.randrange(2, 254)} api.internal",
            lambda r: "fe80::1ff:fe23:4567:890a%eth0",
            lambda r: f"inet 100.{r.randrange(64, 128)}.{r.randrange(0, 255)}.{r.randrange(2, 254)}/32 tailscale0",
        ],
        "number_lookalike": [
            lambda r: f"build #{r.randrange(10000, 99999)} passed",
            lambda r: f"Content-Length: {r.randrange(100000, 9999999)}",
            lambda r: f"| {r.randrange(10**8, 10**9)} | rows scanned |",
        ],
        "hex_color_css": [
            lambda r: f'"editor.background": "#{_rs(r, HEX, 6)}"',
            lambda r: f"fill='#{_rs(r, HEX, 6)}' stroke-width='{r.randrange(1, 4)}'",
        ],
        # new holdout-only decoy categories
        "credential_prose": [
            lambda r: "the password is wrong, reset it from the admin page",
            lambda r: "I reset the password to make the test pass",
            lambda r: "the token is expired, refresh it first",
            lambda r: "set the password to something stronger before launch",
            lambda r: "das Passwort ist abgelaufen",
            lambda r: "the secret is stored in Vault under kv/app",
            lambda r: "password changed to the one in 1Password",
        ],
        "credential_config_key": [
            lambda r: "password_min_length: 12",
            lambda r: "auth:\n  type: oauth2\n  tokenUrl: /oauth/token",
            lambda r: '<property name="hibernate.connection.password_encryption" value="true"/>',
            lambda r: "spring.security.oauth2.client.registration.github.client-id=Iv1.a629723000000000",
            lambda r: "--password-stdin",
            lambda r: "max_token_length = 4096",
        ],
    }


def _round3_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-3 hard negatives (the holdout of round 3, dev since round 4)."""

    def hexs(r: random.Random, n: int) -> str:
        return _rs(r, HEX, n)

    return {
        "git_sha": [lambda r: f"Reverts commit {hexs(r, 40)}.", lambda r: f"* {hexs(r, 7)} (HEAD -> main) wip"],
        "uuid": [lambda r: f"tenant_id: {hexs(r, 8)}-{hexs(r, 4)}-4{hexs(r, 3)}-8{hexs(r, 3)}-{hexs(r, 12)}"],
        "lockfile_hash": [lambda r: f'etag: W/"{hexs(r, 32)}"', lambda r: f"sha1sum {hexs(r, 40)}"],
        "code_identifier": [
            lambda r: "if (!apiKey) { throw new Error('API key missing'); }",
            lambda r: 'let token = try keychain.get("token")',
            lambda r: "passwordEncoder.matches(rawPassword, user.getPassword())",
            lambda r: "self.secret_key = secret_key or os.urandom(32)",
        ],
        "placeholder": [
            lambda r: "DB_PASSWORD=<db password>",
            lambda r: 'token = "<TOKEN>"',
            lambda r: "password: '{{ .Values.db.password }}'",
            lambda r: "$env:OPENAI_API_KEY = $null",
            lambda r: "API_KEY=your_api_key_here",
        ],
        "capitalised_words": [
            lambda r: "Hi Team, the Release Train is late",
            lambda r: "Sentry Issue Tracker reported it",
            lambda r: "From: Build Pipeline\nSubject: nightly failed",
            lambda r: "| Name | Status |\n|---|---|\n| Payment Service | degraded |",
        ],
        "credential_prose": [
            lambda r: "the password is stored hashed with argon2",
            lambda r: "we rotated the token to a shorter lifetime",
            lambda r: "mot de passe oublié ? voir la page d'aide",
        ],
        "plain_path": [lambda r: "/home/linuxbrew/.linuxbrew/bin/brew", lambda r: "C:\\Users\\All Users\\chocolatey"],
        "number_lookalike": [
            lambda r: f"invoice {r.randrange(10**9, 10**10)}",
            lambda r: f"tracking 1Z{_rs(r, UPPER32, 16)}",
        ],
        "ordinary_date": [
            lambda r: f"Date: {r.randrange(1, 28)}.{r.randrange(1, 12)}.{r.randrange(2019, 2026)} (release)"
        ],
        "semver": [lambda r: f"image: postgres:{r.randrange(12, 17)}.{r.randrange(0, 9)}"],
    }


def _round4_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-4 hard negatives (the holdout of round 4, dev since round 5): new shapes of the older
    decoy kinds and new kinds
    (request ids, build artefacts, version banners, public keys and certificates, provider object
    ids and cloud resource ids, role and documentation contacts, well-known and documentation IP
    addresses, products named like people, PII-shaped schema fields)."""

    def hexs(r: random.Random, n: int) -> str:
        return _rs(r, HEX, n)

    def b64(r: random.Random, n: int) -> str:
        return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()

    def ver(r: random.Random) -> str:
        return f"{r.randrange(0, 20)}.{r.randrange(0, 40)}.{r.randrange(0, 30)}"

    def guid(r: random.Random) -> str:
        h = _rs(r, HEXU, 32)
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

    def isbn13(r: random.Random) -> str:
        body = "978" + _rs(r, "0123456789", 9)
        check = (10 - sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body)) % 10) % 10
        return f"{body[:3]}-{body[3]}-{body[4:7]}-{body[7:12]}-{check}"

    def cert(r: random.Random, label: str) -> str:
        return f"-----BEGIN {label}-----\n" + "\n".join(pem_body(r, 6)) + f"\n-----END {label}-----"

    return {
        "git_sha": [
            lambda r: f"Change-Id: I{hexs(r, 40)}",
            lambda r: f"$ git describe --tags\nv{ver(r)}-{r.randrange(1, 90)}-g{hexs(r, 7)}",
            lambda r: f"git bisect bad {hexs(r, 12)}",
        ],
        "uuid": [
            lambda r: (
                'Project("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "Api", "Api\\Api.csproj", "{' + guid(r) + '}"'
            ),
            lambda r: f"<ProductCode>{{{guid(r)}}}</ProductCode>",
        ],
        "lockfile_hash": [
            lambda r: (
                '[[package]]\nname = "serde"\nversion = "1.0.197"\n'
                f'source = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{hexs(r, 64)}"'
            ),
            lambda r: f"golang.org/x/text v0.14.0 h1:{b64(r, 32)}\ngolang.org/x/text v0.14.0/go.mod h1:{b64(r, 32)}",
            lambda r: f'"hashes": [\n    "sha256:{hexs(r, 64)}",\n    "sha256:{hexs(r, 64)}"\n]',
            lambda r: f"    resolution: {{integrity: sha512-{b64(r, 64)}}}",
            lambda r: f'"narHash": "sha256-{b64(r, 32)}",',
            lambda r: f"SPEC CHECKSUMS:\n  Alamofire: {hexs(r, 40)}\n  Firebase: {hexs(r, 40)}",
            lambda r: f'{{file = "requests-2.31.0-py3-none-any.whl", hash = "sha256:{hexs(r, 64)}"}},',
            lambda r: f'<sha256 value="{hexs(r, 64)}" origin="Generated by Gradle"/>',
        ],
        "request_id": [
            lambda r: f"x-amz-request-id: {_rs(r, HEXU, 16)}\nx-amz-id-2: {b64(r, 54)}",
            lambda r: (
                f"X-GitHub-Request-Id: {_rs(r, HEXU, 4)}:{_rs(r, HEXU, 5)}:{_rs(r, HEXU, 7)}:"
                f"{_rs(r, HEXU, 7)}:{_rs(r, HEXU, 8)}"
            ),
            lambda r: f"cf-ray: {hexs(r, 16)}-{r.choice(['FRA', 'AMS', 'IAD', 'NRT'])}",
            lambda r: f"traceparent: 00-{hexs(r, 32)}-{hexs(r, 16)}-01",
            lambda r: f"Request-Id: req_{_rs(r, B62, 14)}",
            lambda r: f"X-Cloud-Trace-Context: {hexs(r, 32)}/{r.randrange(10**18, 10**19)};o=1",
            lambda r: f"x-request-id: req_{hexs(r, 32)}",
        ],
        "build_artifact": [
            lambda r: (
                f"dist/assets/index-{_rs(r, B64URL, 8)}.js   {r.randrange(40, 900)}.{r.randrange(10, 99)} kB │ "
                f"gzip: {r.randrange(10, 300)}.{r.randrange(10, 99)} kB"
            ),
            lambda r: f"main.{hexs(r, 20)}.bundle.js",
            lambda r: f"/nix/store/{_rs(r, '0123456789abcdfghijklmnpqrsvwxyz', 32)}-python3-3.11.6/bin/python3",
            lambda r: f" => writing image sha256:{hexs(r, 64)}",
            lambda r: f"ELF 64-bit LSB pie executable, x86-64, BuildID[sha1]={hexs(r, 40)}, stripped",
            lambda r: f".next/static/{_rs(r, B64URL, 21)}/_buildManifest.js",
        ],
        "version_string": [
            lambda r: f"go version go1.22.{r.randrange(0, 9)} linux/amd64",
            lambda r: (
                f"rustc 1.{r.randrange(70, 80)}.0 ({hexs(r, 9)} 2024-0{r.randrange(1, 10)}-{r.randrange(10, 28)})"
            ),
            lambda r: (
                f"Linux web-1 6.5.0-{r.randrange(10, 40)}-generic #{r.randrange(10, 40)}~22.04.1-Ubuntu SMP "
                "PREEMPT_DYNAMIC x86_64 GNU/Linux"
            ),
            lambda r: (
                "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                f"Chrome/122.0.6261.{r.randrange(10, 200)} Safari/537.36"
            ),
            lambda r: f"Microsoft Windows [Version 10.0.22631.{r.randrange(1000, 4000)}]",
        ],
        "placeholder": [
            lambda r: "HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            lambda r: "Authorization: Bearer <ACCESS_TOKEN>",
            lambda r: "VAULT_TOKEN=$(vault print token)",
            lambda r: '"apiKey": "YOUR_API_KEY_HERE"',
            lambda r: 'ansible_become_password: "{{ vault_become_password }}"',
            lambda r: "DATABASE_URL=postgres://user:password@localhost:5432/dbname",
            lambda r: "OPENAI_API_KEY=sk-...",
            lambda r: "git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.com/acme/app.git",
            lambda r: "export AWS_SECRET_ACCESS_KEY=$(aws configure get aws_secret_access_key)",
        ],
        "role_or_example_contact": [
            lambda r: "git remote add origin git@github.com:acme/api.git",
            lambda r: (
                "Co-authored-by: dependabot[bot] "
                f"<{r.randrange(10**7, 10**8)}+dependabot[bot]@users.noreply.github.com>"
            ),
            lambda r: "From: GitHub <noreply@github.com>",
            lambda r: 'DEFAULT_FROM_EMAIL = "user@example.com"',
            lambda r: f"see RFC {r.randrange(1000, 9000)}, section {r.randrange(1, 9)}.{r.randrange(1, 9)}",
            lambda r: "ssh -T git@gitlab.com",
        ],
        "well_known_ip": [
            lambda r: "nameserver 8.8.8.8\nnameserver 1.1.1.1",
            lambda r: "dig @9.9.9.9 example.com +short",
            lambda r: "DNS=2001:4860:4860::8888 2606:4700:4700::1111",
            lambda r: f"curl http://192.0.2.{r.randrange(1, 255)}/ (TEST-NET-1, from the RFC example)",
            lambda r: f"allow 198.51.100.{r.randrange(1, 255)}; # documentation range",
            lambda r: f"peer 2001:db8::{r.randrange(1, 999)} is the example host",
        ],
        "public_key_material": [
            lambda r: f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64(r, 30)} deploy@ci",
            lambda r: "here's the CA cert:\n" + cert(r, "CERTIFICATE"),
            lambda r: f"caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{b64(r, 90)}",
            lambda r: f"recipient: age1{_rs(r, '023456789acdefghjklmnpqrstuvwxyz', 58)}",
            lambda r: "Key fingerprint = " + " ".join(_rs(r, HEXU, 4) for _ in range(10)),
            lambda r: cert(r, "PUBLIC KEY"),
        ],
        "provider_object_id": [
            lambda r: f"customer cus_{_rs(r, B62, 14)} has no default payment method",
            lambda r: f'"id": "pi_3{_rs(r, B62, 23)}", "object": "payment_intent"',
            lambda r: f"price_1{_rs(r, B62, 23)}",
            lambda r: f"i-0{hexs(r, 16)} is in state stopped (sg-0{hexs(r, 16)})",
            lambda r: f"message SM{hexs(r, 32)} delivered",
            lambda r: f"evt_1{_rs(r, B62, 23)} webhook retried 3 times",
        ],
        "cloud_resource_id": [
            lambda r: f"arn:aws:iam::{r.randrange(10**11, 10**12)}:role/github-deploy",
            lambda r: f"projects/{r.randrange(10**11, 10**12)}/secrets/db-password/versions/latest",
            lambda r: (
                f"/subscriptions/{hexs(r, 8)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 4)}-{hexs(r, 12)}/resourceGroups/"
                "rg-prod/providers/Microsoft.Web/sites/api"
            ),
            lambda r: f"{r.randrange(10**11, 10**12)}.dkr.ecr.eu-west-1.amazonaws.com/api:latest",
            lambda r: "arn:aws:s3:::acme-logs/*",
        ],
        "person_like_product": [
            lambda r: "migrated the blog from Jekyll to Hugo",
            lambda r: "Jenkins, Travis and Buildkite all run the same job",
            lambda r: "the Sinatra app runs on Puma behind Nginx",
            lambda r: "we use Jackson for JSON and Lombok for getters",
            lambda r: "Apache Kafka with Debezium and Flink",
            lambda r: "Grafana Loki and Tempo for traces",
            lambda r: "Sidekiq, Devise and Rubocop all need upgrades",
        ],
        "pii_schema_field": [
            lambda r: "street_address = models.CharField(max_length=255, blank=True)",
            lambda r: '"postalCode": {"type": "string", "pattern": "^[0-9]{5}$"}',
            lambda r: "first_name: str\nlast_name: str\ndate_of_birth: date | None = None",
            lambda r: "ALTER TABLE users ADD COLUMN phone_number VARCHAR(20);",
            lambda r: "class MainStreetRouter(BaseRouter):",
            lambda r: "def format_iban(raw: str) -> str:",
            lambda r: "ssn_last4 = ssn[-4:]  # never log the rest",
            lambda r: '<input type="tel" name="phone" placeholder="Phone number">',
        ],
        "ordinary_date": [
            lambda r: f"## [{ver(r)}] - 20{r.randrange(18, 26)}-{r.randrange(1, 13):02d}-{r.randrange(1, 29):02d}",
            lambda r: f"Copyright (c) 2019-20{r.randrange(20, 27)} Acme Inc.",
            lambda r: f"Expires: Wed, 21 Oct 20{r.randrange(25, 30)} 07:28:00 GMT",
            lambda r: f"notAfter=Mar {r.randrange(1, 29)} 12:00:00 20{r.randrange(25, 35)} GMT",
            lambda r: f"Date:   Mon Sep {r.randrange(1, 29)} 10:01:22 20{r.randrange(10, 24)} +0200",
            lambda r: f'"first_release": "199{r.randrange(1, 10)}-0{r.randrange(1, 10)}-1{r.randrange(0, 9)}"',
        ],
        "number_lookalike": [
            lambda r: f"ISBN {isbn13(r)}",
            lambda r: f"doi:10.1145/{r.randrange(3000000, 3999999)}.{r.randrange(3000000, 3999999)}",
            lambda r: "net.ipv4.ip_local_port_range = 32768 60999",
            lambda r: f"EAN {r.randrange(10**12, 10**13)}",
            lambda r: f"inode {r.randrange(10**6, 10**8)} links 1",
        ],
        "code_identifier": [
            lambda r: "public String getPassword() { return password; }",
            lambda r: "token_bytes = secrets.token_bytes(32)",
            lambda r: "CREATE USER app WITH PASSWORD :'app_password';",
            lambda r: "aws secretsmanager get-secret-value --secret-id prod/db/password",
            lambda r: "export GITHUB_TOKEN=$(gh auth token)",
            lambda r: "vault kv get -field=password secret/db",
        ],
        "credential_prose": [
            lambda r: "the token lives in 1Password under the CI vault",
            lambda r: "rotate the API key every 90 days",
            lambda r: "Passwort vergessen? Der Link ist im Login-Formular",
            lambda r: "la contraseña debe tener al menos 12 caracteres",
            lambda r: "パスワードを忘れた場合はリセットしてください",
        ],
        "capitalised_words": [
            lambda r: "Google Maps Platform and Apple Push Notification Service",
            lambda r: "Hi Support Team,",
            lambda r: "Red Hat Enterprise Linux and Amazon Linux",
            lambda r: "the Los Angeles and San Francisco regions",
            lambda r: "New Relic, Sumo Logic and Elastic Cloud",
        ],
        "plain_path": [
            lambda r: "/opt/homebrew/Cellar/python@3.12/3.12.2/bin/python3",
            lambda r: "/Users/runner/work/_temp/setup.sh",
            lambda r: "/home/ubuntu/.bashrc",
            lambda r: "/home/ec2-user/app/logs",
            lambda r: "C:\\Users\\runneradmin\\AppData\\Local\\Temp",
            lambda r: "~/Library/Application Support/Code/User/settings.json",
        ],
        "port_number": [
            lambda r: f"-p 127.0.0.1:{r.choice([5432, 6379, 3306])}:{r.choice([5432, 6379, 3306])}",
            lambda r: "Listening on http://[::]:8080",
        ],
        "private_ip": [
            lambda r: f"fd12:3456:789a::{r.randrange(1, 99)}",
            lambda r: "curl http://169.254.169.254/latest/meta-data/",
            lambda r: "host.docker.internal -> 192.168.65.254",
        ],
        "base64_image": [
            lambda r: f'"icon": "data:image/webp;base64,UklGR{b64(r, 48)}"',
        ],
        "aws_example_key": [
            lambda r: (
                "Access key ID: AKIAIOSFODNN7EXAMPLE\nSecret access key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
            ),
        ],
    }


def _round5_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-5 never-tuned hard negatives, under the round-4 policy (neither secret nor personal):
    new shapes of the older kinds, and new kinds: LLM API object ids, generated Kubernetes names,
    masked credentials (a prefix and a few last characters, as dashboards show them), CI run ids,
    documentation values (RFC 5737 / 3849 addresses, example.* contacts) and file checksums."""

    def hexs(r: random.Random, n: int) -> str:
        return _rs(r, HEX, n)

    def b64(r: random.Random, n: int) -> str:
        return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()

    def b64u(r: random.Random, n: int) -> str:
        return base64.urlsafe_b64encode(bytes(r.randrange(256) for _ in range(n))).decode().rstrip("=")

    def ver(r: random.Random) -> str:
        return f"{r.randrange(0, 20)}.{r.randrange(0, 40)}.{r.randrange(0, 30)}"

    def uuid(r: random.Random) -> str:
        h = hexs(r, 32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-9{h[17:20]}-{h[20:]}"

    crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    lower36 = "abcdefghijklmnopqrstuvwxyz0123456789"
    return {
        "llm_object_id": [
            lambda r: f'"id": "chatcmpl-{_rs(r, B62, 29)}", "object": "chat.completion"',
            lambda r: f'"id": "msg_01{_rs(r, B62, 22)}", "type": "message", "role": "assistant"',
            lambda r: f'{{"type": "tool_use", "id": "toolu_01{_rs(r, B62, 22)}", "name": "bash"}}',
            lambda r: f"uploaded file-{_rs(r, B62, 22)} (purpose=fine-tune)",
            lambda r: f"assistant asst_{_rs(r, B62, 24)} on thread_{_rs(r, B62, 24)}",
            lambda r: f"request-id: req_011C{_rs(r, B62, 20)}",
            lambda r: f"batch_{hexs(r, 32)} status=completed",
        ],
        "k8s_generated_name": [
            lambda r: f"pod/api-{hexs(r, 10)}-{_rs(r, 'bcdfghjklmnpqrstvwxz2456789', 5)}   0/1   CrashLoopBackOff",
            lambda r: f"replicaset.apps/web-{hexs(r, 9)} scaled to 3",
            lambda r: f"pod-template-hash={hexs(r, 10)}",
            lambda r: f"job.batch/backup-{r.randrange(28_000_000, 29_000_000)} complete",
            lambda r: f"controller-revision-hash: web-{hexs(r, 10)}",
        ],
        "masked_credential": [
            lambda r: f"OPENAI_API_KEY: sk-...{_rs(r, B62, 4)} (last used 2 days ago)",
            lambda r: "ghp_************************************",
            lambda r: "Authorization: Bearer ***",
            lambda r: f"card ending in {r.randrange(1000, 9999)}",
            lambda r: "DB_PASSWORD: ***",
            lambda r: f"AKIA************{_rs(r, UPPER32, 4)}",
            lambda r: "password: ●●●●●●●●●●",
        ],
        "ci_run_id": [
            lambda r: (
                f"https://github.com/acme/api/actions/runs/{r.randrange(10**9, 10**10)}"
                f"/job/{r.randrange(10**10, 10**11)}"
            ),
            lambda r: f"Pipeline #{r.randrange(10**8, 10**9)} failed (job {r.randrange(10**9, 10**10)})",
            lambda r: f"buildkite build #{r.randrange(1000, 99999)} on agent ci-{r.randrange(1, 40)}",
            lambda r: f"Run ID: {r.randrange(10**9, 10**10)}  Attempt: {r.randrange(1, 4)}",
        ],
        "documentation_value": [
            lambda r: f"ssh admin@203.0.113.{r.randrange(1, 255)}  # RFC 5737 example",
            lambda r: "2001:db8:85a3::8a2e:370:7334",
            lambda r: "mailto:someone@example.net",
            lambda r: f"user{r.randrange(1, 99)}@example.org",
            lambda r: f"https://www.example.com/docs/v{r.randrange(1, 9)}/intro",
            lambda r: "https://example.com/callback?code=AUTH_CODE&state=xyz",
        ],
        "file_checksum": [
            lambda r: f"{hexs(r, 64)}  node-v20.11.1-linux-x64.tar.xz",
            lambda r: f"MD5 ({r.choice(['app.zip', 'dump.sql', 'model.bin'])}) = {hexs(r, 32)}",
            lambda r: f"Digest: sha256:{hexs(r, 64)}\nStatus: Downloaded newer image for postgres:16",
            lambda r: f'<script src="/app.js" integrity="sha384-{b64(r, 48)}" crossorigin="anonymous"></script>',
            lambda r: f"{hexs(r, 7)}: Pull complete",
            lambda r: f"SHA1({r.choice(['setup.exe', 'firmware.bin'])})= {hexs(r, 40)}",
        ],
        "git_sha": [
            lambda r: f"pick {hexs(r, 7)} add retry to the client",
            lambda r: f"https://github.com/acme/api/compare/{hexs(r, 12)}...{hexs(r, 12)}",
            lambda r: f"golang.org/x/exp v0.0.0-2024031210{r.randrange(10, 60)}22-{hexs(r, 12)}",
            lambda r: f"Merge pull request #{r.randrange(100, 9999)} from acme/fix-login ({hexs(r, 40)})",
        ],
        "uuid": [
            lambda r: f'  uid: {uuid(r)}\n  resourceVersion: "{r.randrange(10**5, 10**7)}"',
            lambda r: f'"tenantId": "{uuid(r)}"',
            lambda r: f"ulid={r.choice('01')}{_rs(r, crockford, 25)}",
            lambda r: f"x-correlation-id: {uuid(r).upper()}",
        ],
        "version_string": [
            lambda r: f"Docker version {r.randrange(20, 28)}.0.{r.randrange(0, 9)}, build {hexs(r, 7)}",
            lambda r: f"Client Version: v1.{r.randrange(25, 31)}.{r.randrange(0, 9)}",
            lambda r: "OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)",
            lambda r: f'openjdk version "21.0.{r.randrange(1, 5)}" 2024-01-16 LTS',
            lambda r: f"$ node -v\nv{r.randrange(16, 23)}.{r.randrange(0, 20)}.{r.randrange(0, 5)}",
        ],
        "public_key_material": [
            lambda r: f"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{b64(r, 120)} ci@build",
            lambda r: f"[Peer]\nPublicKey = {b64(r, 32)}\nAllowedIPs = 10.8.0.0/24",
            lambda r: json.dumps({"kty": "EC", "crv": "P-256", "x": b64u(r, 32), "y": b64u(r, 32), "use": "sig"}),
            lambda r: (
                "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n"
                + "\n".join(pem_body(r, 5))
                + "\n-----END PGP PUBLIC KEY BLOCK-----"
            ),
            lambda r: "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
            lambda r: f"untrusted comment: minisign public key {hexs(r, 16).upper()}\nRWQ{b64(r, 39)}",
        ],
        "placeholder": [
            lambda r: "password: {{ .Values.postgresql.auth.password }}",
            lambda r: "set DB_PASSWORD=%DB_PASSWORD%",
            lambda r: "token: <redacted>",
            lambda r: "SECRET_KEY=changeme",
            lambda r: 'STRIPE_SECRET_KEY="sk_live_..."',
            lambda r: "docker login -u $DOCKER_USER -p $DOCKER_PASS",
        ],
        "credential_prose": [
            lambda r: "kindly share the api key of prod, i will keep it safe",
            lambda r: "token expired yesterday, how to refresh it without re-login?",
            lambda r: "o token expirou, preciso gerar outro",
            lambda r: "Das Token ist abgelaufen, bitte neu erzeugen",
            lambda r: "пароль должен быть не короче 12 символов",
        ],
        "code_identifier": [
            lambda r: "func (c *Client) SetToken(token string) { c.token = token }",
            lambda r: 'let api_key = std::env::var("API_KEY")?;',
            lambda r: 'var password = builder.Configuration["Db:Password"];',
            lambda r: "SecretString: !Ref DbPassword",
            lambda r: "$secret = Get-Secret -Name ApiKey -AsPlainText",
        ],
        "pii_schema_field": [
            lambda r: "type User {\n  email: String!\n  phoneNumber: String\n  dateOfBirth: Date\n}",
            lambda r: "  string date_of_birth = 4;\n  string national_id = 5;",
            lambda r: "model Customer {\n  id    Int    @id\n  email String @unique\n  iban  String?\n}",
            lambda r: "      email:\n        type: string\n        format: email",
        ],
        "person_like_product": [
            lambda r: "Apache Cassandra and Apache Ivy",
            lambda r: "Beautiful Soup, Scrapy and Selenium",
            lambda r: "Marshmallow vs Pydantic for validation",
            lambda r: "Keycloak, Dex and Authelia",
            lambda r: "Julia and Crystal benchmarks",
        ],
        "well_known_ip": [
            lambda r: "nameserver 208.67.222.222",
            lambda r: "dig @149.112.112.112 acme.dev",
            lambda r: "DNS: 8.8.4.4, 1.0.0.1",
            lambda r: "upstream 2606:4700:4700::1001",
        ],
        "ordinary_date": [
            lambda r: f"Last-Modified: Tue, {r.randrange(10, 28)} Mar 2024 10:01:22 GMT",
            lambda r: f"Not Before: Mar {r.randrange(1, 29)} 00:00:00 2024 GMT",
            lambda r: f"sprint 24.{r.randrange(1, 12)} (2024-03-04 – 2024-03-15)",
            lambda r: "Python 3.8 reached end of life on 2024-10-07",
        ],
        "number_lookalike": [
            lambda r: f"Content-Length: {r.randrange(1000, 999999)}",
            lambda r: f"1 file changed, {r.randrange(1, 400)} insertions(+), {r.randrange(1, 400)} deletions(-)",
            lambda r: f"ts={r.randrange(1_600_000_000, 1_800_000_000)}",
            lambda r: f"NodePort range 30000-32767, got {r.randrange(30000, 32767)}",
        ],
        "provider_object_id": [
            lambda r: f"acct_1{_rs(r, B62, 15)} connected",
            lambda r: f"subscription sub_1{_rs(r, B62, 23)} canceled",
            lambda r: f"call CA{hexs(r, 32)} completed",
            lambda r: f"channel C0{_rs(r, UPPER32, 8)} archived",
        ],
        "cloud_resource_id": [
            lambda r: f"ocid1.instance.oc1.eu-frankfurt-1.{_rs(r, lower36, 60)}",
            lambda r: f"vpc-0{hexs(r, 16)}",
            lambda r: f"arn:aws:lambda:eu-west-1:{r.randrange(10**11, 10**12)}:function:api",
            lambda r: "projects/acme-prod/locations/europe-west1/services/api",
        ],
    }


def _round6_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-6 never-tuned hard negatives, under the same policy: references to secrets (never their
    values), the public half of key pairs the round plants private halves of, image digests, host-key
    fingerprints, bot and no-reply addresses, public resolvers, reserved documentation values in new
    shapes, masked values and provider object ids in new shapes."""

    def b64(r: random.Random, n: int) -> str:
        return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()

    def b64u(r: random.Random, n: int) -> str:
        return base64.urlsafe_b64encode(bytes(r.randrange(256) for _ in range(n))).decode().rstrip("=")

    return {
        "secret_reference": [
            lambda r: 'db_password: "{{ vault_db_password }}"',
            lambda r: "valueFrom:\n  secretKeyRef:\n    name: db-credentials\n    key: password",
            lambda r: 'environment=DB_PASSWORD="%(ENV_DB_PASSWORD)s"',
            lambda r: (
                '"ConnectionStrings__Default": "@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/db/)"'
            ),
            lambda r: "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
            lambda r: "op read op://Engineering/Stripe/credential",
            lambda r: f"gcloud secrets versions access {r.randrange(1, 9)} --secret=api-key",
            lambda r: "password: ENC[AES256_GCM,data:...,type:str]  # sops, key not here",
        ],
        "public_key_half": [
            lambda r: f"[Peer]\nPublicKey = {b64(r, 32)}\nAllowedIPs = 10.8.0.0/24",
            lambda r: f'{{"kty": "OKP", "crv": "Ed25519", "x": "{b64u(r, 32)}", "use": "sig"}}',
            lambda r: "# public key: age1" + _rs(r, "qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
            lambda r: f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64(r, 24)[:43]} ci-deploy-key",
        ],
        "image_digest": [
            lambda r: f"image: ghcr.io/acme/api@sha256:{_rs(r, HEX, 64)}",
            lambda r: f"FROM python:3.12-slim@sha256:{_rs(r, HEX, 64)}",
        ],
        "host_key_fingerprint": [
            lambda r: f"ED25519 key fingerprint is SHA256:{b64(r, 32).rstrip('=')}.",
            lambda r: f"256 SHA256:{b64(r, 32).rstrip('=')} github.com (ED25519)",
        ],
        "bot_address": [
            lambda r: (
                f"Co-authored-by: dependabot[bot] <{r.randrange(10**7, 10**8)}"
                "+dependabot[bot]@users.noreply.github.com>"
            ),
            lambda r: "From: GitHub <noreply@github.com>",
            lambda r: "git config user.email 41898282+github-actions[bot]@users.noreply.github.com",
            lambda r: "Reply-To: no-reply@accounts.google.com",
        ],
        "public_resolver": [
            lambda r: "nameserver 9.9.9.9\nnameserver 1.0.0.1",
            lambda r: "dig @2606:4700:4700::1111 acme.dev AAAA",
            lambda r: "--dns=8.8.4.4",
        ],
        "documentation_value": [
            lambda r: f"curl http://198.51.100.{r.randrange(1, 255)}:8080/health",
            lambda r: f"curl http://203.0.113.{r.randrange(1, 255)}/status",
            lambda r: "contact: jane.doe@example.org",
            lambda r: f"ping 2001:db8:{_rs(r, HEX, 4)}::1",
        ],
        "masked_credential": [
            lambda r: f"Card: **** **** **** {r.randrange(1000, 9999)}",
            lambda r: f"token: ghp_••••••••••••{_rs(r, B62, 4)}",
            lambda r: f"api_key=sk-…{_rs(r, B62, 4)} (rotated)",
        ],
        "provider_object_id": [
            lambda r: f"price_1{_rs(r, B62, 23)} attached to the plan",
            lambda r: f'"id": "msg_01{_rs(r, B62, 22)}", "type": "message"',
            lambda r: f"run_{_rs(r, B62, 24)} finished",
        ],
        "cloud_resource_id": [
            lambda r: (
                f"/subscriptions/{_rs(r, HEX, 8)}-{_rs(r, HEX, 4)}-4{_rs(r, HEX, 3)}-8{_rs(r, HEX, 3)}-"
                f"{_rs(r, HEX, 12)}"
                "/resourceGroups/rg-api/providers/Microsoft.Web/sites/api"
            ),
            lambda r: f"projects/{r.randrange(10**11, 10**12)}/secrets/db-password/versions/{r.randrange(1, 9)}",
        ],
    }


def _isbn13(r: random.Random) -> str:
    body = f"978013{r.randrange(100000, 999999)}"
    check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
    return f"ISBN {body[:3]}-{body[3]}-{body[4:6]}-{body[6:]}-{check}"


def _round7_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-7 never-tuned hard negatives, under the same policy: masked values in new shapes,
    references to secrets by name (stores, CLIs, error messages that name a missing variable),
    placeholders and documented test cards, public identifiers (DOIs, CVEs, Maven coordinates, trace
    ids, tickets), content hashes and store paths, build and version strings, the public halves of
    the round's new key kinds (publishable and public keys), role addresses in new shapes."""

    def b64(r: random.Random, n: int) -> str:
        return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()

    nix32 = "0123456789abcdfghijklmnpqrsvwxyz"
    return {
        "masked_value": [
            lambda r: f"IBAN: DE** **** **** **** **{r.randrange(10, 99)} {r.randrange(10, 99)}",
            lambda r: f"SSN: ***-**-{r.randrange(1000, 9999)}",
            lambda r: f"phone: +49 *** *** **{r.randrange(10, 99)}",
            lambda r: f"OPENAI_API_KEY=sk-proj-****************{_rs(r, B62, 4)}",
            lambda r: 'Started POST "/login" Parameters: {"email"=>"[FILTERED]", "password"=>"[FILTERED]"}',
            lambda r: 'authorization: "Bearer ***"',
            lambda r: f"card ending in {r.randrange(1000, 9999)} (Visa)",
            lambda r: "DB_PASSWORD: <hidden>",
        ],
        "secret_reference": [
            lambda r: "password: ${DB_PASSWORD}",
            lambda r: "password = data.aws_secretsmanager_secret_version.db.secret_string",
            lambda r: "envFrom:\n  - secretRef:\n      name: api-secrets",
            lambda r: "docker build --secret id=npmrc,src=$HOME/.npmrc .",
            lambda r: "vault kv get -field=password secret/prod/db",
            lambda r: "aws ssm get-parameter --name /prod/db/password --with-decryption",
            lambda r: "Get-AzKeyVaultSecret -VaultName acme-kv -Name DbPassword -AsPlainText",
            lambda r: "doppler run -- ./bin/start",
            lambda r: 'token: "$CI_JOB_TOKEN"',
        ],
        "missing_secret_error": [
            lambda r: "KeyError: 'ANTHROPIC_API_KEY'",
            lambda r: 'Error: environment variable "DB_PASSWORD" is not set',
            lambda r: (
                "pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings\n"
                "openai_api_key\n  Field required [type=missing, input_value={}, input_type=dict]"
            ),
            lambda r: "rotate STRIPE_SECRET_KEY and SENDGRID_API_KEY after the incident",
            lambda r: "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
        ],
        "placeholder": [
            lambda r: "OPENAI_API_KEY=<your-key-here>",
            lambda r: 'password: "${PASSWORD:?must be set}"',
            lambda r: "AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX",
            lambda r: "GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
            lambda r: 'api_key: "YOUR_API_KEY"',
            lambda r: "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DB",
            lambda r: "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
            lambda r: "Authorization: Bearer <token>",
        ],
        "test_card_number": [
            lambda r: "use 4242 4242 4242 4242 with any future expiry in test mode",
            lambda r: "card_number: 4111111111111111  # documented test card",
            lambda r: "Mastercard test card 5555 5555 5555 4444",
        ],
        "public_identifier": [
            lambda r: f"doi:10.1145/{r.randrange(3000000, 3999999)}.{r.randrange(3000000, 3999999)}",
            lambda r: (
                f"fixes CVE-2024-{r.randrange(1000, 49999)} (GHSA-{_rs(r, '23456789cfghjmpqrvwx', 4)}-"
                f"{_rs(r, '23456789cfghjmpqrvwx', 4)}-{_rs(r, '23456789cfghjmpqrvwx', 4)})"
            ),
            lambda r: f"org.springframework.boot:spring-boot-starter-web:3.{r.randrange(0, 4)}.{r.randrange(0, 12)}",
            lambda r: f"arXiv:{r.randrange(2101, 2412)}.{r.randrange(10000, 99999)}",
            lambda r: _isbn13(r),
            lambda r: f"traceparent: 00-{_rs(r, HEX, 32)}-{_rs(r, HEX, 16)}-01",
            lambda r: f"see PLAT-{r.randrange(100, 9999)} and PR #{r.randrange(100, 9999)}",
            lambda r: f'"ts": "{r.randrange(1_700_000_000, 1_800_000_000)}.{r.randrange(100000, 999999)}"',
            lambda r: f"message SM{_rs(r, HEX, 32)} delivered",
        ],
        "content_hash": [
            lambda r: f"/nix/store/{_rs(r, nix32, 32)}-python3-3.11.8",
            lambda r: f'sha256 = "{_rs(r, HEX, 64)}",\nstrip_prefix = "rules_go-0.46.0",',
            lambda r: f'  hashes = [\n    "h1:{b64(r, 32)}",\n    "zh:{_rs(r, HEX, 64)}",\n  ]',
            lambda r: f"magnet:?xt=urn:btih:{_rs(r, HEX, 40)}&dn=ubuntu-24.04-live-server-amd64.iso",
            lambda r: "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904",
            lambda r: f"ipfs://bafybei{_rs(r, 'abcdefghijklmnopqrstuvwxyz234567', 52)}",
        ],
        "version_build": [
            lambda r: f"macOS 14.4.1 (Build 23E{r.randrange(200, 260)})",
            lambda r: f"Linux build-07 6.8.0-{r.randrange(10, 50)}-generic #{r.randrange(10, 60)}-Ubuntu SMP",
            lambda r: f"Build number: UQ1A.240205.{r.randrange(1, 9):03d}",
            lambda r: f"Microsoft Windows [Version 10.0.22631.{r.randrange(1000, 4000)}]",
            lambda r: f"Chrome/122.0.{r.randrange(6000, 6300)}.{r.randrange(50, 200)}",
            lambda r: "Xcode 15.3\nBuild version 15E204a",
        ],
        "public_key_half": [
            lambda r: f"LANGFUSE_PUBLIC_KEY=pk-lf-{_uuid4(r)}",
            lambda r: f'Stripe({{ publishableKey: "pk_live_{_rs(r, B62, 24)}" }})',
            lambda r: f"mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJ{_rs(r, B62, 20)}In0.{_rs(r, B64URL, 22)}';",
            lambda r: f"ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{b64(r, 48)} ci@build",
            lambda r: "-----BEGIN PUBLIC KEY-----\n" + "\n".join(pem_body(r, 4)) + "\n-----END PUBLIC KEY-----",
            lambda r: f"Key fingerprint = {' '.join(_rs(r, HEXU, 4) for _ in range(10))}",
        ],
        "role_address": [
            lambda r: "Contact: mailto:security@acme.dev\nExpires: 2025-12-31T23:00:00.000Z",
            lambda r: 'LABEL maintainer="Acme Platform Team <platform@acme.dev>"',
            lambda r: "Send DSARs to privacy@acme.dev",
            lambda r: "abuse reports: abuse@acme.dev",
        ],
    }


def _ean13(r: random.Random) -> str:
    body = r.choice(["400", "590", "871", "978"]) + _d(r, 9)
    check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


def _round8_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-8 never-tuned hard negatives, under the same policy (nothing secret or personal):
    integrity hashes, sortable and database ids, build references, version pins, references to
    secrets by template or store, code symbols named after credentials, public constants, fixture
    values that can never be issued, historic dates that are nobody's birth, product codes,
    reserved address ranges and public financial identifiers."""

    def b64(r: random.Random, n: int) -> str:
        return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()

    crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    return {
        "integrity_hash": [
            lambda r: f'<script src="/app.js" integrity="sha384-{b64(r, 48)}" crossorigin="anonymous"></script>',
            lambda r: f'"integrity": "sha512-{b64(r, 64)}"',
            lambda r: f"requests==2.31.0 \\\n    --hash=sha256:{_rs(r, HEX, 64)}",
            lambda r: f'checksum = "{_rs(r, HEX, 64)}"',
            lambda r: f"golang.org/x/net v0.22.0 h1:{b64(r, 32)}",
        ],
        "sortable_id": [
            lambda r: f"01{_rs(r, crockford, 24)}",
            lambda r: f'"_id": ObjectId("{_rs(r, HEX, 24)}")',
            lambda r: f"message_id={r.randrange(10**17, 13 * 10**17)}",
            lambda r: f"ksuid {r.choice('12')}{_rs(r, B62, 26)}",
            lambda r: f"cl{_rs(r, LOWER_ALNUM, 23)}",
        ],
        "build_reference": [
            lambda r: f"https://gradle.com/s/{_rs(r, LOWER_ALNUM, 13)}",
            lambda r: f"INFO: Invocation ID: {_uuid4(r)}",
            lambda r: f"DerivedData/AcmeApp-{_rs(r, string.ascii_lowercase, 28)}/Build/Products",
            lambda r: (
                f"google/sdk_gphone64_arm64/emu64a:14/UE1A.230829.036/{r.randrange(10**7, 10**8)}:userdebug/dev-keys"
            ),
            lambda r: f"Run #{r.randrange(1000, 99999)} · commit {_rs(r, HEX, 7)} · attempt 2",
        ],
        "version_pin": [
            lambda r: f"github.com/acme/lib v0.0.0-2024031210{r.randrange(1000, 9999)}-{_rs(r, HEX, 12)}",
            lambda r: f"git 1:2.{r.randrange(30, 45)}.2-1ubuntu1.{r.randrange(1, 9)}",
            lambda r: f'serde = {{ version = "1.0.{r.randrange(150, 210)}", features = ["derive"] }}',
            lambda r: f"<version>{r.randrange(1, 6)}.{r.randrange(0, 20)}.{r.randrange(0, 9)}-SNAPSHOT</version>",
            lambda r: (
                f"node@{r.randrange(18, 23)}.{r.randrange(0, 12)}.{r.randrange(0, 9)} pnpm@9.{r.randrange(0, 9)}.0"
            ),
        ],
        "secret_template_ref": [
            lambda r: "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
            lambda r: "apiKey: {{ .Values.apiKey | quote }}",
            lambda r: "set API_KEY=%API_KEY%",
            lambda r: f"db_password: ENC[AES256_GCM,data:{b64(r, 12)},iv:{b64(r, 24)},tag:{b64(r, 16)},type:str]",
            lambda r: "OPENAI_API_KEY=op://Engineering/OpenAI/credential",
            lambda r: "password: vault:secret/data/prod/db#password",
            lambda r: "token = {{ lookup('env', 'DEPLOY_TOKEN') }}",
        ],
        "credential_named_symbol": [
            lambda r: "API_KEY_HEADER_NAME = 'X-Api-Key'",
            lambda r: "def get_secret_key_from_vault(name: str) -> str:",
            lambda r: "class PasswordResetTokenGenerator(BaseTokenGenerator):",
            lambda r: "SECRET_KEY_MIN_LENGTH = 50",
            lambda r: "const ssnValidatorRegex = /^\\d{3}-\\d{2}-\\d{4}$/;",
            lambda r: "func (c *Client) refreshAccessToken(ctx context.Context) error {",
        ],
        "public_constant": [
            lambda r: "0xDEADBEEF",
            lambda r: "H0 = 0x6a09e667, H1 = 0xbb67ae85, H2 = 0x3c6ef372, H3 = 0xa54ff53a",
            lambda r: "ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'",
            lambda r: "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*",
            lambda r: "magic = 0xCAFEBABE",
            lambda r: "const GOLDEN_RATIO_64: u64 = 0x9E3779B97F4A7C15;",
        ],
        "invalid_fixture_value": [
            lambda r: f'ssn: "000-{r.randrange(10, 99)}-{r.randrange(1000, 9999)}"  # never issued (area 000)',
            lambda r: f"assert not is_valid_ssn('666-{r.randrange(10, 99)}-{r.randrange(1000, 9999)}')",
            lambda r: "iban: DE00 0000 0000 0000 0000 00  # invalid on purpose",
            lambda r: "card_number: '0000 0000 0000 0000'",
            lambda r: "phone: '+00 000 000 0000'",
        ],
        "historic_date": [
            lambda r: "Unix time starts at 1970-01-01T00:00:00Z",
            lambda r: "the 32-bit time_t overflows on 2038-01-19",
            lambda r: f"Copyright (c) {r.randrange(1985, 2005)}-2024 Acme Corp",
            lambda r: "RFC 2616 was published in June 1999",
            lambda r: "Python 2.0 was released on 16 October 2000",
            lambda r: f"founded in {r.randrange(1950, 2000)}, headquartered in Rotterdam",
        ],
        "product_code": [
            lambda r: f"EAN {_ean13(r)}",
            lambda r: (
                f"SKU: ACM-{r.randrange(1000, 9999)}-{r.choice(['BLK', 'WHT', 'RED'])}-{r.choice(['S', 'M', 'L'])}"
            ),
            lambda r: f"ASIN B0{_rs(r, ALNUM_UP, 8)}",
            lambda r: f"MPN RC0603FR-07{r.randrange(10, 99)}KL",
            lambda r: f"HS code 8471.{r.randrange(10, 99)}.{r.randrange(10, 99)}",
        ],
        "reserved_address_range": [
            lambda r: f"100.{r.randrange(64, 128)}.{r.randrange(0, 255)}.{r.randrange(1, 254)}",
            lambda r: f"169.254.{r.randrange(1, 254)}.{r.randrange(1, 254)}",
            lambda r: "ff02::1",
            lambda r: f"fd{_rs(r, HEX, 2)}:{_rs(r, HEX, 4)}:{_rs(r, HEX, 4)}::1/64",
            lambda r: f"224.0.0.{r.randrange(1, 255)}",
            lambda r: "inet 127.0.0.1/8 scope host lo",
        ],
        "financial_public_code": [
            lambda r: "ISIN US0378331005",
            lambda r: f"BIC {r.choice(['DEUTDEFF', 'COBADEFF', 'BNPAFRPP', 'INGBNL2A', 'NWBKGB2L'])}XXX",
            lambda r: "LEI 5493001KJTIIGC8Y1R12",
            lambda r: "MIC XNAS",
            lambda r: f"SWIFT field 32A: 240312EUR{r.randrange(100, 99999)},00",
        ],
    }


def _check_mod11_issn(r: random.Random) -> str:
    body = _d(r, 7)
    c = (11 - sum(int(x) * w for x, w in zip(body, range(8, 1, -1), strict=True)) % 11) % 11
    return f"{body[:4]}-{body[4:]}{'X' if c == 10 else c}"


def _imo(r: random.Random) -> str:
    body = str(r.randrange(900000, 999999))
    return "IMO " + body + str(sum(int(x) * w for x, w in zip(body, range(7, 1, -1), strict=True)) % 10)


def _cas(r: random.Random) -> str:
    digits = str(r.randrange(50, 99999)) + _d(r, 2)
    c = sum(int(x) * (i + 1) for i, x in enumerate(reversed(digits))) % 10
    return f"{digits[:-2]}-{digits[-2:]}-{c}"


def _round9_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-9 never-tuned hard negatives, under the same policy (nothing secret or personal):
    coordinates of public places, content addresses, distributed-trace ids, detached public
    signatures, design tokens, numeric constants, object identifiers, money amounts, catalogue codes
    with their check digits, encoded public payloads (pagination cursors, relay ids, a JWT header),
    eponymous terms, order and invoice references, dates of events that are nobody's birth, and the
    public addresses of landmarks and headquarters."""

    def b64(r: random.Random, n: int) -> str:
        return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()

    def b64j(obj: object) -> str:
        return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode()

    b32 = "abcdefghijklmnopqrstuvwxyz234567"
    return {
        "public_place_coordinate": [
            lambda r: '{"type": "Point", "coordinates": [2.2945, 48.8584]}  // Eiffel Tower',
            lambda r: "https://www.openstreetmap.org/#map=16/51.5007/-0.1246",
            lambda r: f"AIRPORT_FRA = (50.0379, 8.5622)  # zoom {r.randrange(8, 14)}",
            lambda r: "region eu-central-1 (Frankfurt) ~ lat 50.1109, lon 8.6821",
            lambda r: "geo:35.6586,139.7454?z=17",
        ],
        "content_address": [
            lambda r: f"ipfs://bafybei{_rs(r, b32, 52)}",
            lambda r: f"/ipfs/Qm{_rs(r, '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 44)}/index.html",
            lambda r: f"magnet:?xt=urn:btih:{_rs(r, HEX, 40)}&dn=ubuntu-24.04-live-server-amd64.iso",
            lambda r: f"git-annex: SHA256E-s{r.randrange(10**5, 10**8)}--{_rs(r, HEX, 64)}.tar.gz",
        ],
        "distributed_trace_id": [
            lambda r: f"X-Amzn-Trace-Id: Root=1-{r.randrange(0x65000000, 0x66000000):08x}-{_rs(r, HEX, 24)};Sampled=1",
            lambda r: f"cf-ray: {_rs(r, HEX, 16)}-FRA",
            lambda r: f'{{"trace_id": "{_rs(r, HEX, 32)}", "span_id": "{_rs(r, HEX, 16)}", "trace_flags": "01"}}',
            lambda r: f"dd.trace_id={r.randrange(10**18, 9 * 10**18)} dd.span_id={r.randrange(10**18, 9 * 10**18)}",
            lambda r: f"x-b3-traceid: {_rs(r, HEX, 32)}\nx-b3-spanid: {_rs(r, HEX, 16)}\nx-b3-sampled: 1",
        ],
        "public_signature": [
            lambda r: (
                "-----BEGIN PGP SIGNATURE-----\n\n"
                + "\n".join(pem_body(r, 4))
                + f"\n={_rs(r, B62, 4)}\n-----END PGP SIGNATURE-----"
            ),
            lambda r: f"untrusted comment: signature from minisign secret key\nRU{b64(r, 72)}",
            lambda r: (
                f"cosign verify-blob --signature acme-cli.sig --certificate acme-cli.pem acme-cli  # sig {b64(r, 48)}"
            ),
            lambda r: f'"signatures": [{{"keyid": "{_rs(r, HEX, 64)}", "sig": "{_rs(r, HEX, 128)}"}}]',
        ],
        "design_token": [
            lambda r: f"--color-brand-500: #{_rs(r, HEX, 6)};\n--color-brand-600: #{_rs(r, HEX, 6)};",
            lambda r: f'"primary": {{"value": "#{_rs(r, HEXU, 6)}", "type": "color"}}',
            lambda r: f'className="bg-[#{_rs(r, HEX, 6)}] px-4 py-2 rounded-lg"',
            lambda r: f"font-feature-settings: 'ss01', 'cv11'; /* Inter {r.randrange(3, 5)}.0 */",
        ],
        "numeric_constant": [
            lambda r: "PI = 3.14159265358979323846264338327950288",
            lambda r: "FNV_OFFSET_BASIS_64 = 14695981039346656037",
            lambda r: "MERSENNE_61 = 2305843009213693951  # 2**61 - 1",
            lambda r: "AVOGADRO = 6.02214076e23",
            lambda r: "u64::MAX = 18446744073709551615",
            lambda r: "const SECONDS_PER_YEAR = 31556952;",
        ],
        "object_identifier": [
            lambda r: "OID 1.3.6.1.4.1.311.21.8 (Microsoft enterprise)",
            lambda r: "snmpget -v2c -c public localhost 1.3.6.1.2.1.1.3.0",
            lambda r: "extendedKeyUsage = 1.3.6.1.5.5.7.3.1, 1.3.6.1.5.5.7.3.2",
            lambda r: "sha256WithRSAEncryption (1.2.840.113549.1.1.11)",
            lambda r: "urn:oid:2.16.840.1.113883.6.1",
        ],
        "money_amount": [
            lambda r: (
                f"Gesamt: {r.randrange(1, 999)}.{r.randrange(100, 999)}.{r.randrange(100, 999)},{r.randrange(10, 99)} €"
            ),
            lambda r: f"₹{r.randrange(1, 99)},{r.randrange(10, 99)},{r.randrange(100, 999)}.00",
            lambda r: f"amount_cents={r.randrange(10**6, 10**9)} currency=usd",
            lambda r: f"CHF {r.randrange(1, 99)}'{r.randrange(100, 999)}.{r.randrange(10, 99)}",
            lambda r: f"¥{r.randrange(1, 99)},{r.randrange(100, 999)},{r.randrange(100, 999)} (税込)",
        ],
        "catalogue_code": [
            lambda r: f"ISSN {_check_mod11_issn(r)}",
            _imo,
            lambda r: f"CAS {_cas(r)}",
            lambda r: f"ICD-10 {r.choice(['E11.9', 'J45.909', 'I10', 'M54.5', 'K21.9'])}",
            lambda r: f"UN/LOCODE {r.choice(['DEHAM', 'NLRTM', 'SGSIN', 'USLAX', 'CNSHA'])}",
            lambda r: f"NDC {r.randrange(10000, 99999)}-{r.randrange(100, 999)}-{r.randrange(10, 99)}",
        ],
        "encoded_public_payload": [
            lambda r: f'"endCursor": "{b64j({"offset": r.randrange(20, 2000), "sort": "created_at"})}"',
            lambda r: f'"id": "{base64.b64encode(f"Repository:{r.randrange(10**6, 10**9)}".encode()).decode()}"',
            lambda r: "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IjEifQ",
            lambda r: f"next_page_token={b64j({'page': r.randrange(2, 90), 'size': 50})}",
            lambda r: f"data:application/json;base64,{b64j({'name': 'acme-ui', 'version': '1.4.0', 'private': True})}",
        ],
        "eponymous_term": [
            lambda r: "use the Knuth–Morris–Pratt algorithm for the substring search",
            lambda r: "a Bloom filter with a 1% false-positive rate",
            lambda r: "compute the Levenshtein distance between the two names",
            lambda r: "Floyd–Warshall is O(n^3), switch to Dijkstra with a binary heap",
            lambda r: "apply a Kalman filter to smooth the GPS track",
            lambda r: "shuffle with Fisher–Yates, then sample via the Box–Muller transform",
            lambda r: "the Byzantine fault tolerance of Lamport's Paxos",
        ],
        "order_reference": [
            lambda r: f"Order #{r.randrange(100, 999)}-{_d(r, 7)}-{_d(r, 7)}",
            lambda r: f"Invoice INV-2024-{r.randrange(1, 99999):06d}",
            lambda r: f"PO {r.randrange(4500000000, 4599999999)}",
            lambda r: f"RMA-{r.randrange(10**5, 10**6)} approved",
        ],
        "event_date": [
            lambda r: f"Date of issue: {r.randrange(1, 28):02d}.{r.randrange(1, 12):02d}.2023 (invoice)",
            lambda r: f"notAfter=Mar {r.randrange(1, 28)} 10:01:22 2026 GMT",
            lambda r: f"released: {r.randrange(2015, 2024)}-{r.randrange(1, 12):02d}-{r.randrange(1, 28):02d}",
            lambda r: f"valid until {r.randrange(1, 28)} {calendar.month_name[r.randrange(1, 13)]} 2027",
            lambda r: f"0 3 * * 1  # weekly since {r.randrange(1, 28):02d}/{r.randrange(1, 12):02d}/2021",
        ],
        "landmark_address": [
            lambda r: "1600 Amphitheatre Parkway, Mountain View, CA 94043",
            lambda r: "One Apple Park Way, Cupertino, CA 95014",
            lambda r: "1 Microsoft Way, Redmond, WA 98052",
            lambda r: "Champ de Mars, 5 Av. Anatole France, 75007 Paris",
            lambda r: "Platz der Republik 1, 11011 Berlin",
        ],
        "encrypted_blob": [
            lambda r: "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_rs(r, HEX, 80) for _ in range(3)),
            lambda r: f"encryptedData:\n    password: AgB{_rs(r, B62 + '+/', 120)}==",
            lambda r: (
                "-----BEGIN AGE ENCRYPTED FILE-----\n"
                + "\n".join(pem_body(r, 3))
                + "\n-----END AGE ENCRYPTED FILE-----"
            ),
            lambda r: f'"CiphertextBlob": "AQICAHh{_rs(r, B62 + "+/", 150)}=="',
        ],
    }


def _siren(r: random.Random) -> str:
    return luhn_complete(str(r.randrange(1, 10)), 9, r)


def _abn(r: random.Random) -> str:
    v = _until_valid("au.abn", lambda r: str(r.randrange(10, 99)) + _d(r, 9), r)
    return f"{v[:2]} {v[2:5]} {v[5:8]} {v[8:]}"


def _round10_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-10 never-tuned hard negatives, under the same policy (nothing secret or personal):
    lockfile entries of more ecosystems, OCI manifests, X.509 certificate fields, feature-flag names,
    i18n message keys about credentials, licence headers, references grouped like phone numbers,
    timestamps in log formats, version constraints, company register and VAT ids (their checks),
    reserved host names, published cryptographic test vectors, secret-detection rule patterns,
    multipart boundaries, hashed asset names, CSP sources, published cloud IP ranges and DNS TXT
    records."""

    def b64(r: random.Random, n: int) -> str:
        return base64.b64encode(bytes(r.randrange(256) for _ in range(n))).decode()

    return {
        "lockfile_entry": [
            lambda r: f'[[package]]\nname = "serde"\nversion = "1.0.197"\nchecksum = "{_rs(r, HEX, 64)}"',
            lambda r: f'{{file = "requests-2.31.0-py3-none-any.whl", hash = "sha256:{_rs(r, HEX, 64)}"}}',
            lambda r: f'"lodash@npm:4.17.21":\n  checksum: 10c0/{_rs(r, HEX, 128)}',
            lambda r: f"  rake (13.1.0) sha256={_rs(r, HEX, 64)}",  # Gemfile.lock CHECKSUMS
            lambda r: f'"narHash": "sha256-{b64(r, 32)}",\n"rev": "{_rs(r, HEX, 40)}"',  # flake.lock
            lambda r: (
                f'"jason": {{:hex, :jason, "1.4.1", "{_rs(r, HEX, 64)}", [:mix], [], "hexpm", "{_rs(r, HEX, 64)}"}},'
            ),
        ],
        "oci_manifest_descriptor": [
            lambda r: (
                '{"mediaType": "application/vnd.oci.image.manifest.v1+json", "config": {"mediaType": '
                f'"application/vnd.oci.image.config.v1+json", "digest": "sha256:{_rs(r, HEX, 64)}", "size": '
                f"{r.randrange(1000, 9000)}}}}}"
            ),
            lambda r: f'"layers": [{{"digest": "sha256:{_rs(r, HEX, 64)}", "size": {r.randrange(10**6, 10**8)}}}]',
            lambda r: f"Digest: sha256:{_rs(r, HEX, 64)}\nStatus: Downloaded newer image for python:3.12-slim",
            lambda r: f"crane digest cgr.dev/chainguard/static:latest\nsha256:{_rs(r, HEX, 64)}",
        ],
        "x509_certificate_field": [
            lambda r: "Serial Number:\n    " + ":".join(_rs(r, HEX, 2) for _ in range(16)),
            lambda r: "sha256 Fingerprint=" + ":".join(_rs(r, HEXU, 2) for _ in range(32)),
            lambda r: "X509v3 Subject Key Identifier:\n    " + ":".join(_rs(r, HEXU, 2) for _ in range(20)),
            lambda r: "X509v3 Authority Key Identifier:\n    keyid:" + ":".join(_rs(r, HEXU, 2) for _ in range(20)),
            lambda r: f"SHA1 Thumbprint: {_rs(r, HEXU, 40)}  (Let's Encrypt R11 intermediate)",
        ],
        "feature_flag_name": [
            lambda r: f"if flags.enabled('enable-new-checkout-flow-{r.randrange(2, 9)}'):",
            lambda r: "FF_BILLING_V2=true\nFF_PASSWORD_RESET_EMAIL=false",
            lambda r: "ldClient.variation('show-api-key-rotation-banner', user, false)",
            lambda r: f'"featureFlags": {{"secretScanning": true, "tokenExpiryDays": {r.randrange(7, 91)}}}',
            lambda r: "unleash.isEnabled('auth.passwordless-login')",
        ],
        "i18n_message_key": [
            lambda r: "t('auth.password.reset.title')",
            lambda r: '"settings.apiKey.label": "API key",\n"settings.apiKey.help": "Keep your key secret."',
            lambda r: 'msgid "Enter your password"\nmsgstr "Geben Sie Ihr Passwort ein"',
            lambda r: '<string name="hint_email_address">E-mail address</string>',
            lambda r: "errors.token.expired=Your session token has expired. Please sign in again.",
            lambda r: "{{ 'profile.phone_number.placeholder' | translate }}",
        ],
        "license_header": [
            lambda r: "// SPDX-License-Identifier: Apache-2.0 OR MIT",
            lambda r: f"# Copyright (c) 2014-{r.randrange(2020, 2025)} The Kubernetes Authors.",
            lambda r: "SPDX-FileCopyrightText: 2024 Acme Corp <opensource@acme.dev>\nSPDX-License-Identifier: MPL-2.0",
            lambda r: 'Licensed under the Apache License, Version 2.0 (the "License");',
            lambda r: "License: GPL-2.0-or-later WITH Linux-syscall-note",
        ],
        "phone_shaped_reference": [
            lambda r: f"Order no. {r.randrange(100, 999)}-{r.randrange(1000, 9999)}-{r.randrange(1000, 9999)} shipped",
            lambda r: f"Sendungsnummer: {r.randrange(1000, 9999)} {r.randrange(1000, 9999)} {r.randrange(1000, 9999)}",
            lambda r: f"Case #{r.randrange(10, 99)}-{r.randrange(100, 999)}-{r.randrange(1000, 9999)} (support portal)",
            lambda r: (
                f"build {r.randrange(2023, 2025)}.{r.randrange(1, 12):02d}.{r.randrange(1, 28):02d}."
                f"{r.randrange(1000, 9999)}"
            ),
        ],
        "timestamp_format": [
            lambda r: f'10.0.3.7 - - [12/Mar/2024:10:{r.randrange(10, 59)}:22 +0000] "GET /healthz HTTP/1.1" 200 2',
            lambda r: f"X-Amz-Date: 20240312T10{r.randrange(10, 59)}22Z",
            lambda r: f"ts={1710237682114 + r.randrange(10**6)}",
            lambda r: f"Mar 12 10:{r.randrange(10, 59)}:22 web-1 systemd[1]: Started api.service.",
            lambda r: f"backup-20240312-{r.randrange(10, 23)}{r.randrange(10, 59)}.tar.zst",
            lambda r: f"2024-03-12T10:{r.randrange(10, 59)}:22.114+01:00 [main] INFO Started in 2.3s",
        ],
        "version_constraint": [
            lambda r: '"react": "^18.2.0 || >=19.0.0-rc.0"',
            lambda r: 'requires-python = ">=3.9,<3.13"',
            lambda r: f"gem 'rails', '~> 7.{r.randrange(0, 2)}'",
            lambda r: "<version>[1.2,2.0)</version>",
            lambda r: f"golang.org/x/net v0.0.0-2024031210{r.randrange(10, 59)}22-{_rs(r, HEX, 12)}",
            lambda r: 'serde = { version = "1", features = ["derive"] }',
        ],
        "company_register_id": [
            lambda r: f"Amtsgericht München, HRB {r.randrange(10000, 299999)}",
            lambda r: f"Acme Ltd, registered in England and Wales, Company No. {r.randrange(10**7, 10**8 - 1):08d}",
            lambda r: f"Acme SAS, SIREN {_siren(r)} RCS Paris",
            lambda r: f"Acme Pty Ltd ABN {_abn(r)}",
            lambda r: f"KvK-nummer {r.randrange(10**7, 10**8 - 1)} (Acme B.V.)",
        ],
        "reserved_hostname": [
            lambda r: f"curl http://api.acme.test:{r.randrange(3000, 9000)}/healthz",
            lambda r: "server_name *.localhost;",
            lambda r: "router.home.arpa has address 192.168.1.1",
            lambda r: "https://nonexistent.invalid/callback",
            lambda r: f"printer-{r.randrange(1, 9)}.local (mDNS)",
        ],
        "published_test_vector": [
            lambda r: "FIPS-197 C.1 key: 000102030405060708090a0b0c0d0e0f",
            lambda r: "RFC 4231 test case 1: key = 0x0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
            lambda r: "SP 800-38A F.1.1 key 2b7e151628aed2a6abf7158809cf4f3c",
            lambda r: (
                'assert sha256(b"abc").hexdigest() == '
                '"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"'
            ),
            lambda r: "RFC 7748 test: scalar a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
        ],
        "detection_rule_pattern": [
            lambda r: "regex = '''ghp_[0-9a-zA-Z]{36}'''",
            lambda r: r"pattern: '(A3T[A-Z0-9]|AKIA|ASIA)[A-Z0-9]{16}'",
            lambda r: r"SLACK_TOKEN_RE = re.compile(r'xox[baprs]-[0-9A-Za-z-]{10,48}')",
            lambda r: r'"regex": "sk-(proj-)?[A-Za-z0-9_-]{20,}"',
            lambda r: "- id: stripe-secret\n  regex: (sk|rk)_live_[0-9a-zA-Z]{24,99}",
        ],
        "multipart_boundary": [
            lambda r: "Content-Type: multipart/form-data; boundary=----WebKitFormBoundary" + _rs(r, B62, 16),
            lambda r: "--------------------------" + _rs(r, "0123456789abcdef", 24),
            lambda r: f'Content-Type: multipart/mixed; boundary="000000000000{_rs(r, HEX, 16)}"',
            lambda r: "------geckoformboundary" + _rs(r, HEX, 32),
        ],
        "bundled_asset_name": [
            lambda r: f"dist/assets/index-{_rs(r, B64URL, 8)}.js",
            lambda r: f"/_next/static/{_rs(r, B64URL, 21)}/_buildManifest.js",
            lambda r: f"main.{_rs(r, HEX, 8)}.chunk.css",
            lambda r: f"static/js/vendors~main.{_rs(r, HEX, 20)}.js.map",
        ],
        "csp_source": [
            lambda r: f"Content-Security-Policy: script-src 'self' 'nonce-{b64(r, 16)}'",
            lambda r: f"style-src 'sha256-{b64(r, 32)}' https://fonts.googleapis.com",
            lambda r: f'<script nonce="{_rs(r, B62, 22)}">window.__APP__ = {{}}</script>',
        ],
        "cloud_ip_range": [
            lambda r: '{"ip_prefix": "3.5.140.0/22", "region": "ap-northeast-2", "service": "AMAZON"}',
            lambda r: "# Cloudflare IPv4 ranges\n173.245.48.0/20\n103.21.244.0/22\n103.22.200.0/22",
            lambda r: '"hooks": ["192.30.252.0/22", "185.199.108.0/22", "140.82.112.0/20"]',
            lambda r: "allow 2400:cb00::/32; # cloudflare",
        ],
        "dns_txt_record": [
            lambda r: 'acme.dev. 300 IN TXT "v=spf1 include:_spf.google.com include:mailgun.org ~all"',
            lambda r: f"google-site-verification={_rs(r, B64URL, 43)}",
            lambda r: f'_acme-challenge.acme.dev. 60 IN TXT "{_rs(r, B64URL, 43)}"',
            lambda r: (
                'selector1._domainkey IN TXT "v=DKIM1; k=rsa; '
                f'p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{b64(r, 60)}"'
            ),
            lambda r: '_dmarc.acme.dev. IN TXT "v=DMARC1; p=reject; rua=mailto:dmarc-reports@acme.dev"',
        ],
    }


def _round11_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-11 never-tuned hard negatives, under the same policy (nothing secret or personal):
    wallet addresses documented as examples or owned by public contracts, tokens that start with
    ``@`` in code, mentions of bots, chain genesis constants, CAPTCHA site keys (public by design),
    locale identifiers, character escapes, schedule expressions, handles on the reserved
    ``.example`` domains, service principals, diagnostic codes, rows of public datasets, hardware
    model ids and fixed-width inventory rows."""
    return {
        "documented_wallet_address": [
            # EIP-55's own test vectors, BIP-173's example, token contracts everyone reads
            lambda r: "EIP-55 vector: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
            lambda r: "assert to_checksum_address(a) == '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'",
            lambda r: "# BIP-173 example\nbc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
            lambda r: "USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'  # token contract",
            lambda r: "WETH9: 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
            lambda r: "router: 0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D  # Uniswap V2",
            lambda r: "burn address 0x000000000000000000000000000000000000dEaD",
        ],
        "code_at_token": [
            lambda r: "@dataclass(frozen=True)\nclass Config:",
            lambda r: '"devDependencies": {"@types/node": "^20.11.0", "@vitejs/plugin-react": "^4.2.1"}',
            lambda r: "@media (prefers-color-scheme: dark) { body { color: #eee; } }",
            lambda r: "SELECT @@version, @@hostname;",
            lambda r: "@Override\npublic String toString() {",
            lambda r: "git reset --hard HEAD@{1}",
            lambda r: "@model IndexViewModel\n@inject IConfiguration Config",
        ],
        "bot_mention": [
            lambda r: "@dependabot rebase",
            lambda r: "@renovate-bot please rebase this PR",
            lambda r: "opened by github-actions[bot]",
            lambda r: "@coderabbitai review",
            lambda r: "/assign @copilot",
            lambda r: "@mergifyio queue",
        ],
        "chain_genesis_constant": [
            lambda r: "GENESIS = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f'  # bitcoin",
            lambda r: "mainnet genesis hash 0xd4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
            lambda r: "chainId: 1 (mainnet), 11155111 (sepolia), 8453 (base)",
        ],
        "captcha_site_key": [
            lambda r: f'<div class="g-recaptcha" data-sitekey="6L{_rs(r, B64URL, 38)}"></div>',
            lambda r: f'<div class="h-captcha" data-sitekey="{_uuid4(r)}"></div>',
            lambda r: f'<div class="cf-turnstile" data-sitekey="0x4AAAAAAA{_rs(r, B64URL, 14)}"></div>',
            lambda r: f"NEXT_PUBLIC_RECAPTCHA_SITE_KEY=6L{_rs(r, B64URL, 38)}",
        ],
        "locale_identifier": [
            lambda r: "supportedLocales: ['en-GB', 'pt-BR', 'zh-Hant-TW', 'sr-Latn-RS']",
            lambda r: "TZ=America/Argentina/Buenos_Aires",
            lambda r: "LANG=de_DE.UTF-8\nLC_ALL=de_DE.UTF-8",
            lambda r: "region: US-CA, currency: USD, calendar: gregory",
            lambda r: "Accept-Language: fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7",
        ],
        "character_escape": [
            lambda r: "U+1F600 GRINNING FACE, U+00E9 LATIN SMALL LETTER E WITH ACUTE",
            lambda r: "'caf\\u00e9' == 'café'",
            lambda r: "&eacute;&nbsp;&mdash;&#8212;&#x2014;",
            lambda r: "%E2%9C%93 decodes to ✓",
            lambda r: "\\x1b[31mred\\x1b[0m",
        ],
        "schedule_expression": [
            lambda r: f"schedule: '{r.randrange(0, 59)} 3 * * 1-5'",
            lambda r: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20251231T235959Z",
            lambda r: "@daily /usr/local/bin/rotate-logs",
            lambda r: f"rate({r.randrange(2, 30)} minutes)",
            lambda r: "OnCalendar=Mon..Fri *-*-* 02:30:00",
        ],
        "example_handle": [
            lambda r: "e.g. @alice@social.example or @bob@mastodon.example",
            lambda r: "acct:carol@example.org (WebFinger example from RFC 7033)",
            lambda r: "https://bsky.example/profile/dana.test",
        ],
        "service_principal": [
            lambda r: "HTTP/web-1.acme.internal@ACME.INTERNAL",
            lambda r: "system:serviceaccount:prod:api-runner",
            lambda r: "MSSQLSvc/sql01.acme.internal:1433",
            lambda r: "host/build-agent-3.acme.internal@ACME.INTERNAL",
        ],
        "diagnostic_code": [
            lambda r: "error[E0308]: mismatched types",
            lambda r: "TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.",
            lambda r: "warning CS8618: Non-nullable property 'Name' must contain a non-null value",
            lambda r: "SC2086 (info): Double quote to prevent globbing and word splitting.",
            lambda r: "CWE-798: Use of Hard-coded Credentials",
        ],
        "public_dataset_row": [
            lambda r: "5.1,3.5,1.4,0.2,Iris-setosa",
            lambda r: "Mazda RX4       21.0   6  160.0 110 3.90 2.620 16.46  0  1    4    4",
            lambda r: "   sepal_length  sepal_width  petal_length  petal_width species\n0           5.1          3.5",
            lambda r: "carat,cut,color,clarity,depth,table,price\n0.23,Ideal,E,SI2,61.5,55,326",
        ],
        "hardware_model_id": [
            lambda r: "USB\\VID_046D&PID_C52B&MI_00",
            lambda r: "00:1f.6 Ethernet controller [0200]: Intel Corporation Ethernet Connection I219-LM [8086:15bb]",
            lambda r: "model name\t: AMD Ryzen 9 7950X 16-Core Processor",
            lambda r: "ACPI\\VEN_PNP&DEV_0C0A",
        ],
        "fixed_width_inventory": [
            lambda r: (
                f"SKU-{r.randrange(1000, 9999)}   {r.randrange(1, 500):>6}   {r.randrange(100, 99999) / 100:>9.2f}  EA"
            ),
            lambda r: (
                f"{r.randrange(10**5, 10**6):06d}  WIDGET-BLUE           {r.randrange(1, 90):>4}  "
                f"BIN-A{r.randrange(1, 40):02d}"
            ),
        ],
    }


def _iswc(r: random.Random) -> str:
    # ISWC: T, nine digits, a check digit (1 plus each digit times its position, mod 10, from 10)
    d = _d(r, 9)
    c = (10 - (1 + sum((i + 1) * int(x) for i, x in enumerate(d))) % 10) % 10
    return f"T-{d[:3]}.{d[3:6]}.{d[6:]}-{c}"


def _round12_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-12 never-tuned hard negatives, under the same policy (nothing secret or personal): MAC
    addresses that protocols and RFC 7042 reserve (no device's), BitLocker protector ids (they name
    which recovery key to ask for and open nothing), flight and fare references, DICOM tags without
    patient data, event timestamps (created, expires, issued), organisational unit codes, system
    accounts, postcode ranges of rate tables, authenticator model ids (AAGUIDs), music work and
    recording codes, API version headers, public OAuth client ids, Kubernetes resource quantities."""
    return {
        "protocol_mac_address": [
            lambda r: f"00-00-5E-00-53-{r.randrange(256):02X}  (RFC 7042 documentation range)",
            lambda r: "dst ff:ff:ff:ff:ff:ff (broadcast)",
            lambda r: (
                f"01:00:5e:{r.randrange(128):02x}:{r.randrange(256):02x}:{r.randrange(256):02x} is an IPv4 "
                "multicast MAC"
            ),
            lambda r: f"virtual_router_id {r.randrange(1, 255)} -> VRRP MAC 00:00:5e:00:01:{r.randrange(1, 255):02x}",
            lambda r: "LLDP frames go to 01:80:c2:00:00:0e, STP BPDUs to 01:80:c2:00:00:00",
            lambda r: "33:33:00:00:00:01 (all-nodes IPv6 multicast)",
        ],
        "bitlocker_protector_id": [
            lambda r: f"    Numerical Password:\n      ID: {{{_uuid4(r).upper()}}}",
            lambda r: f"Recovery key ID: {_rs(r, HEXU, 8)} (the first 8 characters of the protector id)",
            lambda r: f"manage-bde -protectors -delete C: -id {{{_uuid4(r).upper()}}}",
        ],
        "flight_reference": [
            lambda r: (
                f"{r.choice(['BA', 'LH', 'AF', 'KL', 'UA', 'QR'])}{r.randrange(10, 999)} "
                f"{r.choice(['LHR', 'FRA', 'CDG', 'AMS', 'SFO', 'DOH'])}->{r.choice(['JFK', 'NRT', 'SIN', 'GRU'])} "
                f"dep {r.randrange(6, 23):02d}:{r.choice(['05', '25', '40', '55'])}"
            ),
            lambda r: (
                f"fare basis {r.choice(['YLOWUS', 'QNC7D1', 'KLX2SEU', 'VSAVER'])}, booking class {r.choice('YBMHKQ')}"
            ),
            lambda r: f"aircraft {r.choice(['G-XLEA', 'D-AIXP', 'F-HRBA', 'N2749U', 'A7-ALZ'])} (A350-900)",
            lambda r: (
                f"IATA {r.choice(['LHR', 'MUC', 'BOM', 'GIG', 'YVR'])} / ICAO {r.choice(['EGLL', 'EDDM', 'VABB'])}"
            ),
        ],
        "dicom_public_tag": [
            lambda r: "(0008,0060) CS [CT]                                     #   2, 1 Modality",
            lambda r: f"(0028,0010) US {r.choice([256, 512, 1024])}                                      #   2, 1 Rows",
            lambda r: "(0002,0010) UI =LittleEndianExplicit                     #  20, 1 TransferSyntaxUID",
            lambda r: "(0008,0016) UI =CTImageStorage                           #  26, 1 SOPClassUID",
            lambda r: f"(0018,0050) DS [{r.choice(['0.625', '1.25', '2.5', '5'])}]  #   4, 1 SliceThickness",
        ],
        "epoch_event_timestamp": [
            lambda r: f'{{"id": "evt_{_rs(r, B62, 14)}", "created": {r.randrange(1_690_000_000, 1_740_000_000)}}}',
            lambda r: (
                f'"exp": {r.randrange(1_700_000_000, 1_800_000_000)}, '
                f'"iat": {r.randrange(1_690_000_000, 1_699_999_999)}'
            ),
            lambda r: f"lastModified: {r.randrange(1_690_000_000_000, 1_740_000_000_000)}  // Date.now() at upload",
            lambda r: f'"ModifiedOn": "\\/Date({r.randrange(1_690_000_000_000, 1_740_000_000_000)})\\/"',
            lambda r: f"expires_at={r.randrange(1_700_000_000, 1_800_000_000)} (session cache entry)",
        ],
        "org_unit_code": [
            lambda r: f"cost center CC-{r.randrange(1000, 9999)}, department D{r.randrange(100, 999)}",
            lambda r: f"job requisition JR-{r.randrange(100000, 999999)} (Backend Engineer, open)",
            lambda r: f"ou=Engineering,ou=Departments,dc=acme,dc=internal  # {r.randrange(20, 400)} members",
            lambda r: f"GL account {r.randrange(4000, 8999)}-{r.randrange(100, 999)} (cloud spend)",
        ],
        "system_account_id": [
            lambda r: "uid=999(postgres) gid=999(postgres) groups=999(postgres),101(ssl-cert)",
            lambda r: f"securityContext:\n  runAsUser: {r.choice([65532, 65534, 1001, 10001])}\n  runAsNonRoot: true",
            lambda r: "www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin",
            lambda r: "NT AUTHORITY\\NETWORK SERVICE",
            lambda r: "nobody:*:-2:-2:Unprivileged User:/var/empty:/usr/bin/false",
        ],
        "postal_code_range": [
            lambda r: (
                f"zone {r.randrange(1, 9)}: {r.randrange(10, 50) * 1000}-{r.randrange(50, 99) * 1000 + 999}, "
                f"{r.randrange(3, 15)}.90 EUR"
            ),
            lambda r: "shipping tier B: SW1A, EC1, WC2 (central London outward codes)",
            lambda r: f"ZIP prefixes {r.randrange(100, 499)}xx-{r.randrange(500, 999)}xx ship from the Reno warehouse",
        ],
        "authenticator_aaguid": [
            lambda r: '"aaguid": "cb69481e-8ff7-4039-93ec-0a2729a154a8"  // YubiKey 5 series',
            lambda r: "AAGUID 08987058-cadc-4b81-b6e1-30de50dcbe96 = Windows Hello",
            lambda r: "authenticator model fbfc3007-154e-4ecc-8c0b-6e020557d7bd (iCloud Keychain)",
            lambda r: "aaguid=00000000-0000-0000-0000-000000000000 (none attestation)",
        ],
        "media_work_code": [
            lambda r: "ISWC T-034.524.680-1 (the standard's own example)",
            lambda r: f"ISWC: {_iswc(r)}",
            lambda r: (
                f"ISRC {r.choice(['GB', 'US', 'DE', 'FR'])}-{_rs(r, ALNUM_UP, 3)}-{r.randrange(0, 99):02d}-"
                f"{r.randrange(0, 99999):05d}"
            ),
            lambda r: f"UPC {r.randrange(10**11, 10**12)} (album barcode)",
        ],
        "api_version_header": [
            lambda r: f"Stripe-Version: {r.choice(['2023-10-16', '2024-04-10', '2024-06-20'])}",
            lambda r: "X-GitHub-Api-Version: 2022-11-28",
            lambda r: "anthropic-version: 2023-06-01",
            lambda r: "Notion-Version: 2022-06-28",
            lambda r: f"api-version={r.choice(['2024-02-01', '2024-06-01', '2023-05-15'])}",
        ],
        "oauth_public_client_id": [
            lambda r: (
                f"client_id={r.randrange(10**11, 10**12)}-{_rs(r, string.ascii_lowercase + string.digits, 32)}"
                ".apps.googleusercontent.com"
            ),
            lambda r: f"GitHub App client ID: Iv1.{_rs(r, HEX, 16)}",
            lambda r: f"NEXT_PUBLIC_AUTH0_CLIENT_ID={_rs(r, B62, 32)}",
            lambda r: f"response_type=code&client_id={_uuid4(r)}&scope=openid%20profile",
        ],
        "k8s_resource_quantity": [
            lambda r: (
                f"resources:\n  requests:\n    cpu: {r.choice(['100m', '250m', '500m'])}\n    memory: "
                f"{r.choice(['128Mi', '512Mi', '1Gi'])}"
            ),
            lambda r: f"storage: {r.choice(['10Gi', '100Gi', '1Ti'])}",
            lambda r: f"ephemeral-storage: {r.randrange(1, 20)}Gi, nvidia.com/gpu: {r.randrange(1, 8)}",
        ],
    }


def _gtin_check(body: str) -> str:
    # GS1 mod-10: weights 3 and 1 from the right
    s = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(body)))
    return str((10 - s % 10) % 10)


def _vlq_segment(r: random.Random) -> str:
    return ",".join(
        r.choice(["AAAA", "AACA", "SAASA", "IAAI", "OAAO", "CAAC", "GAAG", "EAAE", "KAAK", "QAAQ", "YACA", "MAAM"])
        for _ in range(r.randrange(3, 7))
    )


def _round13_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-13 never-tuned hard negatives, under the same policy (nothing secret or personal): HL7
    message headers and results without a patient, SMPTE timecodes, transit stop and trip ids,
    chemical identifiers of published compounds, public sequence and structure accessions, catalogue
    designations of stars and galaxies, key-derivation parameters without a salt or hash,
    authentication scheme declarations, GS1 element strings of products and lots, source-map
    mappings, game world seeds, chess notation, spreadsheet range references, coordinate reference
    system codes."""
    return {
        "hl7_message_header": [
            lambda r: (
                f"MSH|^~\\&|LAB|ACMEHOSP|EHR|ACMEHOSP|2024{r.randrange(1, 13):02d}{r.randrange(1, 29):02d}0830||"
                f"ORU^R01|MSG{_d(r, 5)}|P|2.5.1"
            ),
            lambda r: f"OBX|1|NM|2345-7^Glucose^LN||{r.randrange(70, 140)}|mg/dL|70-99|N|||F",
            lambda r: f"MSA|AA|MSG{_d(r, 5)}|message accepted",
        ],
        "smpte_timecode": [
            lambda r: f"TC {r.randrange(0, 3):02d}:{r.randrange(60):02d}:{r.randrange(60):02d}:{r.randrange(25):02d}",
            lambda r: (
                f"in={r.randrange(0, 2):02d}:{r.randrange(60):02d}:{r.randrange(60):02d};{r.randrange(30):02d} "
                "(drop-frame, 29.97 fps)"
            ),
            lambda r: f"marker at 01:{r.randrange(60):02d}:{r.randrange(60):02d}:{r.randrange(24):02d} (reel 2)",
        ],
        "transit_stop_id": [
            lambda r: "stop_id,stop_name,stop_lat,stop_lon\n490008660N,Oxford Circus Station,51.515,-0.1415",
            lambda r: f"trip_id=CR-Weekday-Fall-24-{r.randrange(100, 999)} route_id=CR-Providence",
            lambda r: (
                f"GTFS-RT: vehicle {r.randrange(1000, 9999)} at stop 70061 (Alewife), delay {r.randrange(0, 300)}s"
            ),
        ],
        "chemical_identifier": [
            lambda r: "InChIKey=BSYNRYMUTXBXSQ-UHFFFAOYSA-N (aspirin)",
            lambda r: "caffeine: RYYVLZVUVIJVGH-UHFFFAOYSA-N, SMILES CN1C=NC2=C1C(=O)N(C(=O)N2C)C",
            lambda r: "paracetamol InChIKey RZVAJINKPMORJF-UHFFFAOYSA-N, PubChem CID 1983",
            lambda r: "SMILES: CC(=O)OC1=CC=CC=C1C(=O)O",
        ],
        "bio_accession": [
            lambda r: "UniProt P69905 (HBA_HUMAN), PDB 1HHO",
            lambda r: "RefSeq NM_000518.5 (HBB), Ensembl ENSG00000244734",
            lambda r: "BRCA2 is ENSG00000139618; rs429358 is one of the two APOE variants",
            lambda r: f"GenBank MN908947.3 (SARS-CoV-2 reference), {r.randrange(29000, 30000)} bp",
        ],
        "astronomical_designation": [
            lambda r: f"Gaia DR3 {r.randrange(10**18, 7 * 10**18)}",
            lambda r: "2MASS J05591914-1404488 (a T dwarf)",
            lambda r: "HD 209458 b transits every 3.52 days",
            lambda r: f"NGC {r.randrange(100, 7800)} in the VizieR query",
        ],
        "kdf_parameters": [
            lambda r: "hash prefix $argon2id$v=19$m=65536,t=3,p=4 (OWASP's minimum)",
            lambda r: f"PBKDF2 iterations: {r.choice([600000, 870000, 1000000])}",
            lambda r: f"BCRYPT_ROUNDS={r.choice([10, 12, 13])}",
            lambda r: "scrypt params: N=131072, r=8, p=1, dkLen=32",
        ],
        "auth_scheme_declaration": [
            lambda r: (
                "components:\n  securitySchemes:\n    bearerAuth:\n      type: http\n      scheme: bearer\n"
                "      bearerFormat: JWT"
            ),
            lambda r: 'WWW-Authenticate: Bearer realm="api", error="invalid_token"',
            lambda r: "apiKeyAuth: { type: apiKey, in: header, name: X-API-Key }",
        ],
        "gs1_element_string": [
            lambda r: (
                lambda g: (
                    f"(01){g}{_gtin_check(g)}(17){r.randrange(25, 30)}{r.randrange(1, 13):02d}30"
                    f"(10)LOT{r.randrange(100, 999)}"
                )
            )("0" + _d(r, 12)),
            lambda r: (lambda s: f"SSCC (00){s}{_gtin_check(s)}")("3" + _d(r, 16)),
            lambda r: "(01)09501101530003(17)250630(10)AB-123  # the GS1 example",
        ],
        "sourcemap_mappings": [
            lambda r: f'"mappings": "{_vlq_segment(r)};{_vlq_segment(r)};{_vlq_segment(r)}"',
            lambda r: f'{{"version":3,"sources":["src/index.ts"],"names":[],"mappings":"{_vlq_segment(r)}"}}',
        ],
        "game_world_seed": [
            lambda r: f"Seed: [{r.choice(['-', ''])}{r.randrange(10**17, 9 * 10**18)}]",
            lambda r: f"world seed {r.randrange(10**8, 10**9)} spawns you next to a village",
            lambda r: f"Terraria seed {r.randrange(10**7, 10**8):08d}, Large, Corruption",
        ],
        "chess_notation": [
            lambda r: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            lambda r: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7",
            lambda r: "position startpos moves e2e4 e7e5 g1f3 b8c6\ngo depth 18",
        ],
        "spreadsheet_range_ref": [
            lambda r: f"=VLOOKUP(A2,Sheet2!$A$1:$D${r.randrange(100, 9999)},4,FALSE)",
            lambda r: f"named range Q3_Revenue = 'Forecast'!$B$4:$M${r.randrange(10, 99)}",
            lambda r: "=SUM(R[-12]C:R[-1]C)",
        ],
        "crs_code": [
            lambda r: "EPSG:4326",
            lambda r: "reproject from EPSG:3857 (Web Mercator) to EPSG:25832",
            lambda r: f"+proj=utm +zone={r.randrange(1, 61)} +datum=WGS84 +units=m +no_defs",
        ],
    }


def _round14_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-14 never-tuned hard negatives, under the same policy (nothing secret or personal):
    aviation weather reports, satellite orbital elements, DNS zone records of documentation domains,
    BGP announcements of public networks, library call numbers, legal citations, patent numbers,
    time-zone identifiers, media types, git refspecs, tunes in ABC notation, Unicode code points,
    paint and print colour codes, standards references."""
    return {
        "metar_report": [
            lambda r: (
                f"METAR EGLL {r.randrange(1, 29):02d}{r.randrange(0, 24):02d}50Z {r.randrange(0, 36) * 10:03d}"
                f"{r.randrange(3, 25):02d}KT 9999 FEW0{r.randrange(10, 50)} {r.randrange(2, 20):02d}/"
                f"{r.randrange(0, 10):02d} Q10{r.randrange(5, 30):02d} NOSIG"
            ),
            lambda r: (
                f"TAF KJFK {r.randrange(1, 29):02d}1130Z {r.randrange(1, 29):02d}12/{r.randrange(1, 29):02d}18 "
                "21012KT P6SM SCT250"
            ),
        ],
        "tle_orbital_elements": [
            lambda r: (
                "ISS (ZARYA)\n1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927\n"
                "2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537"
            ),
            lambda r: (
                f"NORAD {r.choice([20580, 25544, 43013, 48274])} epoch 24{r.randrange(1, 366):03d}."
                f"{r.randrange(10**7, 10**8)} (CelesTrak GP element set)"
            ),
        ],
        "dns_soa_record": [
            lambda r: (
                f"example.com.  3600  IN  SOA  ns.icann.org. noc.dns.icann.org. 2024{r.randrange(1, 13):02d}"
                f"{r.randrange(1, 29):02d}{r.randrange(0, 99):02d} 7200 3600 1209600 3600"
            ),
            lambda r: "example.org.  86400  IN  NS  a.iana-servers.net.",
        ],
        "bgp_asn_announcement": [
            lambda r: "AS13335 originates 1.1.1.0/24 (Cloudflare's resolver prefix)",
            lambda r: f"show ip bgp 8.8.8.0/24 -> path {r.choice(['3356', '1299', '174'])} 15169 i",
            lambda r: "route-views: AS15169 GOOGLE announces 2001:4860::/32",
        ],
        "library_call_number": [
            lambda r: f"QA76.73.P98 L{r.randrange(10, 99)} {r.randrange(1995, 2025)}",
            lambda r: (
                f"Dewey 005.{r.randrange(100, 999)} (programming languages), "
                f"shelf {r.choice('ABCDE')}{r.randrange(1, 40)}"
            ),
            lambda r: "LCCN 2004012345, call no. Z253.4.L38",
        ],
        "legal_citation": [
            lambda r: "Case C-311/18 (Schrems II), ECLI:EU:C:2020:559",
            lambda r: "[2020] UKSC 5",
            lambda r: f"15 U.S.C. § {r.choice([45, 6501, 7001])}(a)",
            lambda r: "Art. 6(1)(f) GDPR and recital 47",
        ],
        "patent_number": [
            lambda r: f"US {r.randrange(7, 12)},{r.randrange(100, 999)},{r.randrange(100, 999)} B2",
            lambda r: f"EP {r.randrange(1, 4)} {r.randrange(100, 999)} {r.randrange(100, 999)} A1",
            lambda r: f"WO {r.randrange(2005, 2025)}/{r.randrange(10**5, 10**6)}",
        ],
        "iana_timezone": [
            lambda r: (
                "TZ=" + r.choice(["America/Argentina/Buenos_Aires", "Asia/Kolkata", "Pacific/Chatham", "Europe/Kyiv"])
            ),
            lambda r: "zoneinfo.ZoneInfo('Australia/Lord_Howe')  # +10:30 / +11:00",
            lambda r: "timedatectl set-timezone Africa/Casablanca",
        ],
        "media_type": [
            lambda r: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            lambda r: "Accept: application/vnd.github+json",
            lambda r: 'Content-Type: application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"',
        ],
        "git_refspec": [
            lambda r: "fetch = +refs/heads/*:refs/remotes/origin/*",
            lambda r: f"git fetch origin refs/pull/{r.randrange(1, 9999)}/head:pr-{r.randrange(1, 9999)}",
            lambda r: "git push origin HEAD:refs/for/main%topic=retry-backoff",
        ],
        "abc_music_notation": [
            lambda r: "X:1\nT:Drowsy Maggie\nM:4/4\nK:Edor\n|:E2BE dEBE|E2BE AFDF:|",
            lambda r: f"Q:1/4={r.randrange(60, 180)}\nL:1/8\n|GABc dedB|dedB dedB|",
        ],
        "unicode_codepoint": [
            lambda r: f"U+{r.choice(['1F600', '00E9', '200B', 'FEFF', '2014'])} breaks the CSV parser",
            lambda r: "'\\N{EM DASH}' == '\\u2014'",
            lambda r: "UTF-8 of U+20AC is E2 82 AC",
        ],
        "colour_code": [
            lambda r: f"RAL {r.choice([9010, 7016, 5015, 3020, 6005])} for the enclosure",
            lambda r: f"Pantone {r.randrange(100, 7600)} C",
            lambda r: "NCS S 0502-Y, CMYK 0/0/5/2",
        ],
        "standards_reference": [
            lambda r: f"RFC {r.choice([9110, 6749, 7519, 8446])} §{r.randrange(1, 16)}.{r.randrange(1, 9)}",
            lambda r: "ISO 8601-1:2019 and ISO/IEC 27001:2022 Annex A.8.24",
            lambda r: "IEEE 754-2019 binary64",
        ],
    }


def _round15_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-15 never-tuned hard negatives a developer pastes daily, under the same policy (nothing
    secret or personal): package URLs, ELF build ids, schema migration ids, kernel and runtime clock
    stamps, GPU driver banners, app bundle identifiers and version codes, CI cache keys, OAuth scope
    strings, clinical terminology codes (concepts, never a patient), coarse spatial index cells of
    cities, release commit subjects, Terraform resource addresses, Kubernetes object metadata, crash
    incident identifiers."""

    def ver(r: random.Random) -> str:
        return f"{r.randrange(0, 12)}.{r.randrange(0, 30)}.{r.randrange(0, 20)}"

    return {
        "package_url": [
            lambda r: f"pkg:npm/%40angular/core@{ver(r)}",
            lambda r: f"pkg:pypi/requests@{ver(r)}?file_name=requests-{ver(r)}-py3-none-any.whl",
            lambda r: f"pkg:maven/org.apache.commons/commons-lang3@3.{r.randrange(9, 18)}.0",
            lambda r: f'"purl": "pkg:golang/github.com/spf13/cobra@v1.{r.randrange(5, 9)}.{r.randrange(0, 4)}"',
        ],
        "elf_build_id": [
            lambda r: (
                "worker: ELF 64-bit LSB pie executable, x86-64, version 1 (SYSV), dynamically linked, "
                f"BuildID[sha1]={_rs(r, HEX, 40)}, for GNU/Linux 3.2.0, stripped"
            ),
            lambda r: (
                f"  Build ID: {_rs(r, HEX, 40)}\n  Owner: GNU  Data size: 0x00000014  Description: NT_GNU_BUILD_ID"
            ),
            lambda r: f"$ go tool buildid ./bin/api\n{_rs(r, B64URL, 20)}/{_rs(r, B64URL, 20)}/{_rs(r, B64URL, 20)}",
        ],
        "schema_migration_id": [
            lambda r: (
                f"INFO  [alembic.runtime.migration] Running upgrade {_rs(r, HEX, 12)} -> {_rs(r, HEX, 12)}, "
                "add index on orders.created_at"
            ),
            lambda r: (
                f"== 2024{r.randrange(1, 13):02d}{r.randrange(1, 29):02d}{r.randrange(100000, 235959)} "
                f"AddStatusToInvoices: migrated (0.{r.randrange(1000, 9999)}s)"
            ),
            lambda r: f"  Applying billing.{r.randrange(1, 99):04d}_auto_2024{r.randrange(1, 13):02d}01_1430... OK",
            lambda r: f'Migrating schema "public" to version "{r.randrange(2, 60)} - add audit table"',
        ],
        "runtime_clock_stamp": [
            lambda r: (
                f"[{r.randrange(1, 99999):6d}.{r.randrange(0, 999999):06d}] usb 1-{r.randrange(1, 5)}: "
                "new high-speed USB device number 3 using xhci_hcd"
            ),
            lambda r: f"time=2026-12-05T10:14:02.118Z m=+{r.randrange(0, 99)}.{r.randrange(0, 999999999):09d}",
            lambda r: (
                f"Startup finished in {r.randrange(1, 9)}.{r.randrange(100, 999)}s (kernel) + "
                f"{r.randrange(3, 30)}.{r.randrange(100, 999)}s (userspace)"
            ),
        ],
        "gpu_driver_banner": [
            lambda r: (
                f"| NVIDIA-SMI {r.randrange(525, 570)}.{r.randrange(10, 99)}.{r.randrange(1, 20):02d}   "
                f"Driver Version: {r.randrange(525, 570)}.{r.randrange(10, 99)}   "
                f"CUDA Version: 12.{r.randrange(0, 8)} |"
            ),
            lambda r: f"ROCm version: 6.{r.randrange(0, 4)}.{r.randrange(0, 3)}  (amdgpu 6.{r.randrange(7, 11)}.5)",
            lambda r: (
                f"torch {r.randrange(1, 3)}.{r.randrange(0, 8)}.1+cu12{r.randrange(1, 9)} cudnn 9.{r.randrange(0, 6)}"
            ),
        ],
        "app_bundle_identifier": [
            lambda r: f'applicationId "com.acme.wallet"\nversionCode {r.randrange(100, 9999)}\nversionName "{ver(r)}"',
            lambda r: f"CFBundleIdentifier = dev.acme.notes\nCFBundleVersion = {r.randrange(100, 4000)}",
            lambda r: f"Uploaded com.acme.tracker ({ver(r)} build {r.randrange(1, 900)}) to TestFlight",
        ],
        "ci_cache_key": [
            lambda r: f"Cache restored from key: node-cache-Linux-x64-npm-{_rs(r, HEX, 64)}",
            lambda r: f"Found a cache from build {r.randrange(100, 9999)} at v1-deps-{_rs(r, HEX, 40)}",
            lambda r: f"Checking cache for {_rs(r, HEX, 40)}-{r.randrange(1, 30)}-protected...",
        ],
        "oauth_scope_string": [
            lambda r: "scope=openid%20profile%20email%20offline_access",
            lambda r: "https://www.googleapis.com/auth/drive.readonly https://www.googleapis.com/auth/calendar.events",
            lambda r: "gh auth refresh -h github.com -s read:org,workflow,admin:public_key",
            lambda r: '"scopes": ["channels:history", "chat:write", "users:read"]',
        ],
        "clinical_terminology_code": [
            lambda r: "LOINC 2345-7 Glucose [Mass/volume] in Serum or Plasma",
            lambda r: "SNOMED CT 44054006 |Diabetes mellitus type 2 (disorder)|",
            lambda r: f"ATC C09AA0{r.randrange(1, 9)}, RxNorm {r.randrange(100000, 999999)}",
            lambda r: "ICD-11 5A11 (concept only, no patient)",
        ],
        "coarse_spatial_cell": [
            lambda r: f"h3 resolution {r.randrange(3, 6)} cell 85{_rs(r, HEX, 5)}fffffff (city-level bucket)",
            lambda r: f"geohash prefix {r.choice(['u33', 'gcp', 'dr5', 'xn7', 'u09'])} ~ 156 km cell",
            lambda r: f"S2 level {r.randrange(6, 10)} token {_rs(r, HEX, 4)} covers the metro area",
        ],
        "release_commit_subject": [
            lambda r: f"chore(release): {ver(r)} [skip ci]",
            lambda r: f"Bump axios from {ver(r)} to {ver(r)} in /web",
            lambda r: f"Merge pull request #{r.randrange(100, 9999)} from acme/release/2026.{r.randrange(1, 13)}",
        ],
        "terraform_resource_address": [
            lambda r: f'module.network.aws_subnet.private["eu-west-{r.randrange(1, 4)}a"]',
            lambda r: "  # module.db.aws_db_instance.this will be updated in-place",
            lambda r: "terraform state mv 'aws_s3_bucket.logs' 'module.logs.aws_s3_bucket.this[0]'",
        ],
        "kubernetes_object_meta": [
            lambda r: (
                f'  resourceVersion: "{r.randrange(10**6, 10**8)}"\n  generation: {r.randrange(1, 40)}\n'
                f"  uid: {_uuid4(r)}"
            ),
            lambda r: f"observedGeneration: {r.randrange(1, 40)}\nreadyReplicas: {r.randrange(1, 9)}",
            lambda r: f"pod-template-hash={_rs(r, '0123456789bcdfghjklmnpqrstvwxz', 10)}",
        ],
        "crash_incident_id": [
            lambda r: (
                f"Incident Identifier: {_uuid4(r).upper()}\nHardware Model:      MacBookPro18,{r.randrange(1, 5)}"
            ),
            lambda r: f"Fault bucket {r.randrange(10**17, 10**18)}, type 5\nEvent Name: APPCRASH",
            lambda r: f"minidump written: /tmp/crash/{_uuid4(r)}.dmp",
        ],
    }


def _round16_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-16 never-tuned hard negatives a developer pastes daily, under the same policy (nothing
    secret or personal): replication positions, container listings, test-run summaries, HTTP timing
    lines, garbage-collector log lines, disk usage rows, query plans, benchmark results, interface
    counters, file listings of system paths, process table rows of system daemons, CI matrix labels,
    rate-limit headers, the documented GUIDs of cloud built-in roles (public, the same in every
    tenant), PDF trailer ids, MSI product codes, Bluetooth SIG GATT UUIDs and anonymous volume names.
    """

    def hx(r: random.Random, n: int) -> str:
        return _rs(r, HEX, n)

    return {
        "replication_position": [
            lambda r: f"LOG:  redo starts at {r.randrange(0, 16):X}/{hx(r, 8).upper()}",
            lambda r: f"Executed_Gtid_Set: {_uuid4(r)}:1-{r.randrange(100, 99999)}",
            lambda r: f"partition={r.randrange(0, 12)} offset={r.randrange(10**5, 10**8)} lag={r.randrange(0, 500)}",
        ],
        "container_listing": [
            lambda r: (
                "CONTAINER ID   IMAGE                 STATUS          PORTS\n"
                f"{hx(r, 12)}   postgres:16-alpine    Up 3 hours      0.0.0.0:5432->5432/tcp\n"
                f"{hx(r, 12)}   redis:7.4             Up 3 hours      6379/tcp"
            ),
            lambda r: f"Removing intermediate container {hx(r, 12)}\n ---> {hx(r, 12)}",
        ],
        "test_run_summary": [
            lambda r: (
                f"===== {r.randrange(50, 900)} passed, {r.randrange(0, 9)} skipped, {r.randrange(0, 3)} xfailed "
                f"in {r.randrange(2, 200)}.{r.randrange(10, 99)}s ====="
            ),
            lambda r: (
                f"Tests:       {r.randrange(1, 40)} failed, {r.randrange(100, 900)} passed, "
                f"{r.randrange(200, 999)} total"
            ),
            lambda r: f"ok  \tgithub.com/acme/api/internal/store\t{r.randrange(0, 9)}.{r.randrange(100, 999)}s",
        ],
        "http_timing_line": [
            lambda r: (
                f"http_code={r.choice([200, 201, 304, 404])} time_connect=0.0{r.randrange(10, 99)} "
                f"time_total=0.{r.randrange(100000, 999999)} size_download={r.randrange(100, 99999)}"
            ),
            lambda r: f"< HTTP/2 200\n< content-length: {r.randrange(100, 99999)}\n< age: {r.randrange(0, 3600)}",
        ],
        "gc_log_line": [
            lambda r: (
                f"[{r.randrange(1, 999)}.{r.randrange(100, 999)}s][info][gc] GC({r.randrange(1, 500)}) Pause Young "
                f"(Normal) (G1 Evacuation Pause) {r.randrange(100, 900)}M->{r.randrange(20, 99)}M(1024M) "
                f"{r.randrange(1, 40)}.{r.randrange(100, 999)}ms"
            ),
            lambda r: (
                f"gc {r.randrange(1, 900)} @{r.randrange(1, 99)}.{r.randrange(100, 999)}s 2%: 0.021+1.4+0.034 ms clock"
            ),
        ],
        "disk_usage_row": [
            lambda r: (
                "Filesystem      Size  Used Avail Use% Mounted on\n"
                f"/dev/nvme0n1p2  468G  {r.randrange(50, 400)}G  {r.randrange(10, 200)}G  {r.randrange(10, 99)}% /"
            ),
            lambda r: f"{r.randrange(1, 900)}M\t./node_modules\n{r.randrange(1, 90)}M\t./.git",
        ],
        "query_plan_line": [
            lambda r: (
                f"Seq Scan on orders  (cost=0.00..{r.randrange(1000, 99999)}.00 rows={r.randrange(1000, 10**6)} "
                f"width={r.randrange(8, 120)}) (actual time=0.011..{r.randrange(10, 999)}.402 "
                f"rows={r.randrange(10, 10**6)} loops=1)"
            ),
            lambda r: f"Index Scan using orders_pkey on orders  (cost=0.42..8.44 rows=1 width={r.randrange(8, 120)})",
        ],
        "benchmark_result_line": [
            lambda r: (
                f"BenchmarkParse-8   \t {r.randrange(10**5, 10**7)}\t       "
                f"{r.randrange(100, 9999)}.{r.randrange(0, 9)} ns/op"
                f"\t     {r.randrange(16, 4096)} B/op\t       {r.randrange(1, 40)} allocs/op"
            ),
            lambda r: (
                f"test bench_tokenize ... bench:      {r.randrange(1000, 99999):,} ns/iter (+/- {r.randrange(10, 999)})"
            ),
        ],
        "interface_counters": [
            lambda r: (
                f"    RX:  bytes packets errors dropped  missed   mcast\n    {r.randrange(10**6, 10**10)} "
                f"{r.randrange(10**3, 10**7)}      0       {r.randrange(0, 90)}       0       0"
            ),
            lambda r: f"eth0: rx {r.randrange(10**6, 10**9)} bytes, tx {r.randrange(10**6, 10**9)} bytes, mtu 1500",
        ],
        "file_listing_row": [
            lambda r: (
                f"-rw-r--r-- 1 root root {r.randrange(100, 99999)} Dec  4 09:{r.randrange(10, 59)} "
                "/etc/nginx/nginx.conf"
            ),
            lambda r: f"drwxr-xr-x 2 www-data www-data 4096 Nov 30 18:{r.randrange(10, 59)} /var/www/html",
        ],
        "process_table_row": [
            lambda r: (
                f"root         1  0.0  0.1 {r.randrange(100000, 200000)} {r.randrange(9000, 15000)} ?        "
                "Ss   Nov30   0:12 /sbin/init"
            ),
            lambda r: (
                f"postgres  {r.randrange(800, 9000)}  0.3  1.2 {r.randrange(200000, 400000)} "
                f"{r.randrange(20000, 60000)} ?  Ss 09:12 0:03 postgres: checkpointer"
            ),
        ],
        "ci_matrix_label": [
            lambda r: f"test (ubuntu-{r.choice(['22.04', '24.04'])}, 3.{r.randrange(9, 14)})",
            lambda r: (
                f"build / linux-{r.choice(['amd64', 'arm64'])} (node {r.choice([18, 20, 22])}) succeeded in "
                f"{r.randrange(1, 9)}m {r.randrange(1, 59)}s"
            ),
        ],
        "rate_limit_headers": [
            lambda r: (
                f"x-ratelimit-limit: 5000\nx-ratelimit-remaining: {r.randrange(0, 5000)}\n"
                f"x-ratelimit-reset: {r.randrange(1764000000, 1766000000)}"
            ),
            lambda r: f"Retry-After: {r.randrange(1, 120)}\nRateLimit-Policy: 100;w=60",
        ],
        "pdf_trailer_id": [
            lambda r: (
                f"trailer\n<< /Size {r.randrange(20, 900)} /Root 1 0 R "
                f"/ID [<{hx(r, 32).upper()}><{hx(r, 32).upper()}>] >>"
            ),
            lambda r: f"$ qpdf --show-object=trailer report.pdf\n<< /ID [ <{hx(r, 32)}> <{hx(r, 32)}> ] /Size 42 >>",
        ],
        "msi_product_code": [
            lambda r: (
                "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\"
                f"{{{_uuid4(r).upper()}}}\n    DisplayName    REG_SZ    Microsoft Visual C++ 2022 X64 Minimum Runtime"
            ),
            lambda r: f"msiexec /x {{{_uuid4(r).upper()}}} /qn /norestart",
        ],
        "ble_gatt_uuid": [
            lambda r: f"0000{r.choice(['180d', '180f', '181a', '2a37', '2a19'])}-0000-1000-8000-00805f9b34fb",
            lambda r: "char = await client.read_gatt_char('00002a19-0000-1000-8000-00805f9b34fb')  # battery level",
        ],
        "anonymous_volume_name": [
            lambda r: f"DRIVER    VOLUME NAME\nlocal     {hx(r, 64)}\nlocal     pgdata",
            lambda r: f"Removed volume {hx(r, 64)}",
        ],
        "builtin_role_guid": [
            lambda r: "az role assignment create --role b24988ac-6180-42a0-ab88-20f7382dd24c --assignee-object-id $OID",
            lambda r: (
                '"roleDefinitionId": "/providers/Microsoft.Authorization/roleDefinitions/'
                'acdd72a7-3385-48ef-bd42-f606fba81ae7"'
            ),
            lambda r: (
                "see https://learn.microsoft.com/en-us/azure/role-based-access-control/built-in-roles "
                "(Owner = 8e3af657-a8ff-443c-a75c-2fe8c4bcb635)"
            ),
        ],
    }


def _round17_decoy_templates() -> dict[str, list[Callable[[random.Random], str]]]:
    """Round-17 never-tuned hard negatives a developer pastes daily, under the same policy (nothing
    secret or personal): Windows well-known SIDs (the same on every machine), memory addresses in
    reprs and syscall traces, kernel oops frames, Git LFS pointer files (a content hash and a size),
    TLS cipher-suite names, USB and PCI vendor:product ids, code-signing team identifiers (printed in
    every signed binary), input masks and validation patterns (the shape of a value, never one), SSH
    signatures of commits (in every clone), transparency-log entries, DNSSEC DS records (published in
    DNS), PKCE code challenges (a hash the browser carries in the URL) and a server's Digest
    challenge (its nonce and opaque are sent to anyone who asks)."""

    def hx(r: random.Random, n: int) -> str:
        return _rs(r, HEX, n)

    return {
        "well_known_sid": [
            lambda r: (
                "icacls C:\\ProgramData\\acme /grant *S-1-5-32-545:(OI)(CI)RX\nprocessed file: C:\\ProgramData\\acme"
            ),
            lambda r: r.choice(
                ["SID: S-1-5-18 (NT AUTHORITY\\SYSTEM)", "Owner: S-1-5-32-544", "Everyone  S-1-1-0  Mandatory group"]
            ),
            lambda r: f"whoami /groups | findstr S-1-16-{r.choice(['8192', '12288'])}",
        ],
        "memory_address_dump": [
            lambda r: f"<sqlalchemy.engine.base.Engine object at 0x7f{hx(r, 10)}>",
            lambda r: (
                f"mmap(NULL, {r.choice([8192, 65536, 1048576])}, PROT_READ|PROT_WRITE, "
                "MAP_PRIVATE|MAP_ANONYMOUS, -1, 0)"
                f" = 0x7f{hx(r, 10)}"
            ),
            lambda r: f"#{r.randrange(0, 9)}  0x0000{hx(r, 12)} in __GI_raise (sig=6) at ../sysdeps/unix/raise.c:50",
        ],
        "kernel_oops_frame": [
            lambda r: (
                f"RIP: 0010:{r.choice(['nvme_poll', 'ext4_writepages', 'tcp_sendmsg'])}+0x{hx(r, 2)}/0x{hx(r, 3)}\n"
                f"RSP: 0018:ffffb{hx(r, 11)} EFLAGS: 00010246"
            ),
            lambda r: (
                f"Call Trace:\n <TASK>\n ? __schedule+0x{hx(r, 3)}/0x{hx(r, 4)}\n ? worker_thread+0x{hx(r, 2)}/0x3c0"
            ),
        ],
        "git_lfs_pointer": [
            lambda r: (
                f"version https://git-lfs.github.com/spec/v1\noid sha256:{hx(r, 64)}\nsize {r.randrange(10**4, 10**9)}"
            ),
            lambda r: f"$ git lfs ls-files\n{hx(r, 10)} * assets/model-{r.randrange(1, 9)}.onnx",
        ],
        "tls_cipher_suite": [
            lambda r: r.choice(
                [
                    "ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:"
                    "ECDHE-RSA-CHACHA20-POLY1305;",
                    "New, TLSv1.3, Cipher is TLS_AES_256_GCM_SHA384",
                    "SSL connection using TLSv1.3 / TLS_CHACHA20_POLY1305_SHA256 / X25519 / RSASSA-PSS",
                ]
            ),
            lambda r: (
                "|   TLSv1.2:\n|     ciphers:\n"
                f"|       TLS_ECDHE_RSA_WITH_AES_{r.choice([128, 256])}_GCM_SHA256 (secp256r1) - A"
            ),
        ],
        "usb_pci_device_id": [
            lambda r: (
                f"Bus 00{r.randrange(1, 4)} Device 0{r.randrange(10, 40)}: ID "
                f"{r.choice(['046d:c52b Logitech, Inc. Unifying Receiver', '0bda:8153 Realtek Semiconductor Corp.'])}"
            ),
            lambda r: (
                f"0{r.randrange(1, 9)}:00.0 VGA compatible controller [0300]: "
                "NVIDIA Corporation AD102 [10de:2684] (rev a1)"
            ),
            lambda r: (
                f"usb 1-{r.randrange(1, 6)}: New USB device found, idVendor=2109, idProduct=0817, bcdDevice= 6.63"
            ),
        ],
        "codesign_team_id": [
            lambda r: (
                "Identifier=com.acme.desktop\nFormat=app bundle with Mach-O universal (x86_64 arm64)\n"
                f"TeamIdentifier={r.choice(['EQHXZ8M8AV', 'UBF8T346G9', '9BNSXJN65R'])}"
            ),
            lambda r: (
                f"Authority=Developer ID Application: Acme Software Ltd ({r.choice(['UBF8T346G9', '9BNSXJN65R'])})"
            ),
        ],
        "input_mask_pattern": [
            lambda r: r.choice(
                ['<input v-mask="###-##-####" name="ssn">', "mask: '(000) 000-0000'", 'placeholder="DD/MM/YYYY"']
            ),
            lambda r: r.choice(
                ["IMask(el, { mask: '+{7} (000) 000-00-00' })", 'pattern: "____ ____ ____ ____"  # card input']
            ),
        ],
        "commit_ssh_signature": [
            lambda r: (
                f"tree {hx(r, 40)}\nparent {hx(r, 40)}\nauthor build <build@localhost> 1764979200 +0000\n"
                "gpgsig -----BEGIN SSH SIGNATURE-----\n U1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg"
                + _rs(r, B62 + "+/", 28)
                + "\n "
                + _rs(r, B62 + "+/", 70)
                + "\n -----END SSH SIGNATURE-----\n\n    ci: pin actions to SHAs"
            ),
        ],
        "transparency_log_entry": [
            lambda r: f"tlog entry created with index: {r.randrange(10**8, 3 * 10**8)}\nUUID: {hx(r, 80)}",
            lambda r: (
                f"$ rekor-cli get --uuid {hx(r, 80)} --format json | jq .LogIndex\n{r.randrange(10**8, 3 * 10**8)}"
            ),
        ],
        "dnssec_ds_record": [
            lambda r: (
                f"acme.dev.  3600  IN  DS  {r.randrange(1000, 65535)} 13 2 {hx(r, 64).upper()}\n"
                "acme.dev.  3600  IN  NS  ns1.acme-dns.net."
            ),
            lambda r: ".  86400  IN  DS  20326 8 2 E06D44B80B8F1D39A95C0B0D7C65D08458E880409BBC683457104237C7F8EC8D",
        ],
        "pkce_code_challenge": [
            lambda r: (
                "GET /oauth2/authorize?response_type=code&client_id=web-dashboard&redirect_uri=http%3A%2F%2F"
                f"localhost%3A5173%2Fcallback&code_challenge={_rs(r, B64URL, 43)}&code_challenge_method=S256"
            ),
        ],
        "digest_auth_challenge": [
            lambda r: (
                f'WWW-Authenticate: Digest realm="acme-api", qop="auth", algorithm=SHA-256, nonce="{hx(r, 32)}", '
                f'opaque="{hx(r, 32)}"'
            ),
        ],
        "validation_regex": [
            lambda r: r.choice(
                [
                    'EMAIL_RE = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$")',
                    "const E164 = /^\\+[1-9]\\d{1,14}$/;",
                    "IBAN_PATTERN = r'^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$'",
                ]
            ),
            lambda r: "CHECK (postcode ~ '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$')",
        ],
    }


DECOY_ROUNDS: dict[int, dict[str, list[Callable[[random.Random], str]]]] = {
    1: _decoy_templates(),
    2: _round2_decoy_templates(),
    3: _round3_decoy_templates(),
    4: _round4_decoy_templates(),
    5: _round5_decoy_templates(),
    6: _round6_decoy_templates(),
    7: _round7_decoy_templates(),
    8: _round8_decoy_templates(),
    9: _round9_decoy_templates(),
    10: _round10_decoy_templates(),
    11: _round11_decoy_templates(),
    12: _round12_decoy_templates(),
    13: _round13_decoy_templates(),
    14: _round14_decoy_templates(),
    15: _round15_decoy_templates(),
    16: _round16_decoy_templates(),
    17: _round17_decoy_templates(),
}
DECOYS: dict[str, list[Callable[[random.Random], str]]] = {}  # every round before the holdout's
for _round, _kinds in sorted(DECOY_ROUNDS.items()):
    if _round < HOLDOUT_ROUND:
        for _name_, _ts in _kinds.items():
            DECOYS[_name_] = DECOYS.get(_name_, []) + _ts
HOLDOUT_DECOYS: dict[str, list[Callable[[random.Random], str]]] = {}  # every holdout round's
for _round in HOLDOUT_ROUNDS:
    for _name_, _ts in DECOY_ROUNDS.get(_round, {}).items():  # (a round being written may not exist yet)
        HOLDOUT_DECOYS[_name_] = HOLDOUT_DECOYS.get(_name_, []) + _ts
DECOY_CATEGORIES: tuple[str, ...] = tuple(dict.fromkeys([*DECOYS, *HOLDOUT_DECOYS]))

# ---------------------------------------------------------------------------------------------
# wrappers: how a snippet sits in the prompt. Each returns (frame with {s}, encoder).


def _json_escape(ascii_only: bool) -> Callable[[str], str]:
    return lambda s: json.dumps(s, ensure_ascii=ascii_only)[1:-1]


def _ident(s: str) -> str:
    return s


Wrapper = Callable[[random.Random], tuple[str, Callable[[str], str]]]

# round-1 wrapper families, one list per family
ROUND1_WRAPPERS: list[list[Wrapper]] = [
    # prose
    [
        lambda r: (
            r.choice(["Hey, ", "ok so ", "", "Quick one: "]) + "{s}" + r.choice(["", " - any idea?", ". thanks!"]),
            _ident,
        ),
        lambda r: (
            r.choice(["I think the problem is here: ", "FYI ", "context: "]) + "{s}" + r.choice(["", " lol", "\n"]),
            _ident,
        ),
    ],
    # quoted
    [lambda r: ("I ran `{s}` and got nothing back", _ident), lambda r: ("> {s}\n\nthat's what the log says", _ident)],
    # code fence
    [
        lambda r: (f"```{r.choice(['bash', 'python', 'yaml', 'text', ''])}\n{{s}}\n```", _ident),
        lambda r: ("here's the file:\n\n```\n{s}\n```\nwhat's wrong?", _ident),
    ],
    # JSON tool payload (escaped newlines, quotes, maybe \\u escapes)
    [
        lambda r: ('{"type": "tool_result", "content": "$ cat .env\\n{s}\\n"}', _json_escape(r.random() < 0.5)),
        lambda r: ('{"role":"user","content":[{"type":"text","text":"look:\\n{s}"}]}', _json_escape(r.random() < 0.5)),
    ],
    # log line
    [
        lambda r: (
            f"2024-05-{r.randrange(10, 28)}T10:22:31.{r.randrange(100, 999)}Z ERROR [worker-{r.randrange(1, 9)}] {{s}}",
            _ident,
        ),
        lambda r: ("[app] WARN  config loaded: {s}", _ident),
    ],
    # stack trace
    [
        lambda r: (
            'Traceback (most recent call last):\n  File "/srv/app/main.py", line 42, in <module>\n'
            "    run()\nRuntimeError: bad config: {s}",
            _ident,
        ),
        lambda r: (
            'Exception in thread "main" java.lang.IllegalStateException: {s}\n'
            "\tat com.acme.Config.load(Config.java:88)",
            _ident,
        ),
    ],
]


def _indent(prefix: str) -> Callable[[str], str]:
    return lambda s: s.replace("\n", "\n" + prefix)


def _html(s: str) -> str:
    import html

    return html.escape(s, quote=False)


# round-2 wrapper families (the holdout of round 2; dev since round 3)
ROUND2_WRAPPERS: list[Callable[[random.Random], tuple[str, Callable[[str], str]]]] = [
    # Slack-style chat paste
    lambda r: (f"#backend · {r.randrange(1, 12)}:{r.randrange(10, 59)} PM\n{{s}}\n:eyes: 2", _ident),
    # markdown table cell (a snippet with newlines breaks the row, as pastes do)
    lambda r: ("| step | output |\n|---|---|\n| 3 | {s} |", _ident),
    # GitHub issue form
    lambda r: ("### Steps to reproduce\n1. deploy\n2. see:\n\n{s}\n\n### Expected behaviour\nno error", _ident),
    # Go panic / Node stack
    lambda r: ("panic: {s}\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:12 +0x1d", _ident),
    lambda r: ("Error: {s}\n    at Object.<anonymous> (/app/index.js:3:9)\n    at node:internal/main:1:1", _ident),
    # YAML block scalar, e-mail quote: every line indented or prefixed
    lambda r: ("notes: |\n  {s}\nstatus: open", _indent("  ")),
    lambda r: ("On Tue, the bot wrote:\n> > {s}", _indent("> > ")),
    # HTML <pre> (escaped), Jupyter stream output (JSON-escaped)
    lambda r: ("<pre><code>{s}</code></pre>", _html),
    lambda r: ('{"output_type": "stream", "name": "stdout", "text": ["{s}\\n"]}', _json_escape(r.random() < 0.5)),
    # systemd journal line
    lambda r: (f"Mar {r.randrange(10, 28)} 10:22:31 web-1 app[{r.randrange(100, 9999)}]: {{s}}", _ident),
]


def _csv_cell(s: str) -> str:
    return s.replace('"', '""')


# round-3 wrapper families (the holdout of round 3; dev since round 4)
ROUND3_WRAPPERS: list[Callable[[random.Random], tuple[str, Callable[[str], str]]]] = [
    lambda r: ("<dev42> {s}", _ident),  # IRC / chat log
    lambda r: ('id,note\n7,"{s}"', _csv_cell),  # a CSV cell, quotes doubled
    lambda r: ("msg = '{s}'", lambda s: repr(s)[1:-1] if "'" not in s else s),  # a Python literal
    lambda r: ("thread 'main' panicked at src/main.rs:14:5:\n{s}\nnote: run with RUST_BACKTRACE=1", _ident),
    lambda r: ("> **Suggestion**\n> {s}", _indent("> ")),  # review comment
    lambda r: ("<!-- {s} -->", _ident),
    lambda r: ("cat <<'EOF' > notes.txt\n{s}\nEOF", _ident),
    lambda r: (f"2024-06-0{r.randrange(1, 9)} 12:00:01,123 WARN  [main] c.a.Config - {{s}}", _ident),
    lambda r: ("- [ ] {s}", _indent("  ")),
]


def _py_single(s: str) -> str:
    """As Python's repr writes a str between single quotes (pytest, logging of dicts)."""
    return s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\t", "\\t")


def _slack_export(s: str) -> str:
    # Slack's export: &, <, > as entities, then JSON with every / escaped as \/
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return json.dumps(s, ensure_ascii=False)[1:-1].replace("/", "\\/")


def _shell_dq(s: str) -> str:
    # inside "…" of a Dockerfile RUN line: \ " $ ` escaped, newlines written as \n for echo -e
    for a, b in (("\\", "\\\\"), ('"', '\\"'), ("$", "\\$"), ("`", "\\`"), ("\n", "\\n")):
        s = s.replace(a, b)
    return s


def _junit_attr(s: str) -> str:
    import html

    return html.escape(s, quote=True).replace("\n", "&#10;")


# round-4 wrapper families (the holdout of round 4; dev since round 5)
ROUND4_WRAPPERS: list[Wrapper] = [
    lambda r: (  # Slack export JSON
        f'{{"type": "message", "user": "U0{_rs(r, UPPER32, 8)}", "text": "{{s}}", '
        f'"ts": "17140{r.randrange(10000, 99999)}.000200"}}',
        _slack_export,
    ),
    lambda r: (  # GraphQL request variables
        '{"query": "mutation Save($input: NoteInput!) { saveNote(input: $input) { id } }", '
        '"variables": {"input": {"body": "{s}"}}}',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: ("- name: configure app\n  ansible.builtin.shell: |\n    {s}\n  become: true", _indent("    ")),
    lambda r: ("[Service]\nType=simple\n# {s}\nExecStart=/usr/bin/api", _indent("# ")),  # systemd unit comment
    lambda r: ("deploy:\n\t{s}", _indent("\t")),  # Makefile recipe
    lambda r: ('FROM python:3.12-slim\nRUN echo -e "{s}" > /tmp/debug.txt', _shell_dq),
    lambda r: (  # diff hunk
        "diff --git a/config/app.env b/config/app.env\n--- a/config/app.env\n+++ b/config/app.env\n"
        f"@@ -3,2 +3,{r.randrange(3, 9)} @@\n LOG_LEVEL=info\n+{{s}}",
        _indent("+"),
    ),
    lambda r: (  # pytest failure
        "    def test_config():\n>       assert load() == expected\nE       AssertionError: assert '{s}' == ''\n\n"
        "tests/test_config.py:14: AssertionError",
        _py_single,
    ),
    lambda r: (  # HAR excerpt
        '{"request": {"method": "POST", "url": "https://api.acme.dev/v1/notes", '
        '"postData": {"mimeType": "text/plain", "text": "{s}"}}, "response": {"status": 500}}',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: ("DEBUG:app.config:{'source': 'env', 'raw': '{s}'}", _py_single),  # logging of a dict
    lambda r: ("INSERT INTO support_tickets (id, body) VALUES (4211, '{s}');", lambda s: s.replace("'", "''")),
    lambda r: ('"body": {"mode": "raw", "raw": "{s}"}', _json_escape(False)),  # Postman collection
    lambda r: ("\x1b[1;31merror\x1b[0m: {s}\x1b[0m", _ident),  # coloured terminal output
    lambda r: ("C:\\> type config.txt\r\n{s}\r\n", lambda s: s.replace("\n", "\r\n")),  # CRLF
    lambda r: ("{code:bash}\n{s}\n{code}", _ident),  # Jira wiki markup
    lambda r: (
        '<testcase classname="tests.test_config" name="test_load"><failure message="{s}"/></testcase>',
        _junit_attr,
    ),
    lambda r: ("GET /search?q={s}&page=2 HTTP/1.1", lambda s: urllib.parse.quote(s, safe="")),
    lambda r: (f"Build Bot  {r.randrange(1, 12)}:{r.randrange(10, 59)} AM\n{{s}}", _ident),  # Teams copy
    lambda r: ("notes = <<-EOT\n  {s}\n  EOT", _indent("  ")),  # Terraform tfvars heredoc
    lambda r: (".. code-block:: console\n\n   {s}", _indent("   ")),  # reStructuredText
]


def _jupyter_source(s: str) -> str:
    # a notebook stores a cell as a list of lines, each a JSON string ending in \n
    return '\\n", "'.join(json.dumps(ln, ensure_ascii=False)[1:-1] for ln in s.split("\n"))


def _json_in_json(s: str) -> str:
    # a JSON document carried as a string inside JSON (tool-call arguments): escaped twice
    return json.dumps(json.dumps(s)[1:-1])[1:-1]


def _pg_copy(s: str) -> str:
    # PostgreSQL COPY text format (psql \copy exports): \ tab and newline escaped
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", "<br>")


# round-5 never-tuned wrapper families
ROUND5_WRAPPERS: list[Wrapper] = [
    lambda r: (  # Jupyter code cell
        f'{{"cell_type": "code", "execution_count": {r.randrange(1, 40)}, "metadata": {{}}, "source": ["{{s}}"]}}',
        _jupyter_source,
    ),
    lambda r: (  # Jupyter error output
        '{"output_type": "error", "ename": "ValueError", "evalue": "{s}", "traceback": ["---"]}',
        _json_escape(True),
    ),
    lambda r: (  # PowerShell transcript
        "**********************\nWindows PowerShell transcript start\nStart time: 20240312101122\n"
        "**********************\nPS C:\\src\\api> {s}\n**********************\nWindows PowerShell transcript end",
        _ident,
    ),
    lambda r: (  # GitHub Actions log: every line timestamped
        f"2024-03-12T10:01:{r.randrange(10, 59)}.1234567Z ##[group]Run ./deploy.sh\n"
        "2024-03-12T10:01:22.1234567Z {s}\n2024-03-12T10:01:23.0000000Z ##[endgroup]",
        _indent("2024-03-12T10:01:22.1234567Z "),
    ),
    lambda r: (  # Terraform plan
        '  # aws_ssm_parameter.app will be created\n  + resource "aws_ssm_parameter" "app" {\n'
        '      + name  = "/app/config"\n      + value = <<-EOT\n            {s}\n        EOT\n    }',
        _indent("            "),
    ),
    lambda r: (  # Kubernetes events
        "LAST SEEN   TYPE      REASON   OBJECT             MESSAGE\n"
        f"{r.randrange(1, 59)}m         Warning   Failed   pod/api-0          Error: {{s}}",
        _ident,
    ),
    lambda r: (  # Sentry-like event
        f'{{"event_id": "{_rs(r, HEX, 32)}", "level": "error", "platform": "python", '
        '"exception": {"values": [{"type": "ValueError", "value": "{s}"}]}}',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: (  # Sentry-like plain stack trace
        'ValueError: {s}\n  File "app/settings.py", line 12, in <module>\n    load()\n'
        '  File "app/config.py", line 88, in load',
        _ident,
    ),
    lambda r: (  # an e-mail with its headers
        "Subject: Re: build failing again\nContent-Type: text/plain; charset=utf-8\n"
        "X-Mailer: Microsoft Outlook 16.0\n\n{s}\n\n-- \nSent from my phone",
        _ident,
    ),
    lambda r: ("id\tcreated_at\tbody\n4211\t2024-03-12\t{s}", _pg_copy),  # TSV export
    lambda r: ("| # | snippet |\n|---|---|\n| 1 | {s} |", _md_cell),  # Markdown table, pipes escaped
    lambda r: ('---\ntitle: "Incident 42"\nsummary: "{s}"\ntags: [ops]\n---\n# Timeline', _json_escape(False)),
    lambda r: (  # a form POST body
        "POST /api/notes HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\nnote={s}&submit=Save",
        lambda s: urllib.parse.quote_plus(s, safe=""),
    ),
    lambda r: (  # tool-call arguments: JSON inside a JSON string
        '{"type": "function", "function": {"name": "save_note", "arguments": "{\\"text\\": \\"{s}\\"}"}}',
        _json_in_json,
    ),
    lambda r: ("api-1  | {s}", _indent("api-1  | ")),  # docker compose logs
    lambda r: ("--- FAIL: TestConfig (0.00s)\n    config_test.go:14: got {s}", _indent("        ")),
    lambda r: ("Hello sir, kindly check below details:\n{s}\nPlease do the needful.", _ident),
    lambda r: ("hi all, i have problem with this one :(\n{s}\nsomebody can help??", _ident),
    lambda r: (  # structured JSON log line
        f'{{"level":"error","ts":{r.randrange(1_700_000_000, 1_800_000_000)}.{r.randrange(100, 999)},"msg":"{{s}}"}}',
        _json_escape(True),
    ),
    lambda r: ("    {s}", _indent("    ")),  # Markdown indented code block
    lambda r: (  # a curl command's JSON body, in single quotes
        "curl -X POST https://api.acme.dev/v1/notes -H 'Content-Type: application/json' -d '{\"text\": \"{s}\"}'",
        lambda s: json.dumps(s)[1:-1].replace("'", "'\\''"),
    ),
    lambda r: (  # a Referer header: the snippet URL-encoded in a query string
        "Referer: https://app.acme.dev/share?note={s}&utm_source=slack",
        lambda s: urllib.parse.quote(s, safe=""),
    ),
    lambda r: (
        "Unhandled exception. System.InvalidOperationException: {s}\n"
        "   at Acme.Api.Program.Main(String[] args) in /src/Program.cs:line 14",
        _ident,
    ),
]


def _syslog(s: str) -> str:
    # rsyslog escapes control characters as #ooo: a newline becomes #012
    return s.replace("\n", "#012").replace("\t", "#011")


def _yaml_single(s: str) -> str:
    # YAML single-quoted scalar: quotes doubled, a line break written as a blank line
    return s.replace("'", "''").replace("\n", "\n\n  ")


def _py_bytes(s: str) -> str:
    # both quote characters appended so repr always picks single quotes (escaping them): a value
    # then renders the same alone as inside its snippet
    return repr(s.encode() + b"'\"")[2:-4]


def _teams_html(s: str) -> str:
    import html

    return html.escape(s, quote=True).replace("\n", "<br>")


# round-6 never-tuned wrapper families
ROUND6_WRAPPERS: list[Wrapper] = [
    lambda r: (  # an OAuth redirect: the snippet URL-encoded in the state parameter
        "GET /oauth/callback?code=abc&state={s} HTTP/1.1",
        lambda s: urllib.parse.quote(s, safe=""),
    ),
    lambda r: (  # a search box's query string, form-encoded
        "https://grafana.acme.dev/explore?left=%7B%22queries%22%3A%5B%5D%7D&q={s}",
        urllib.parse.quote_plus,
    ),
    lambda r: ('{"content": "{s}", "tts": false}', _json_escape(True)),  # Discord API payload
    lambda r: (  # CloudWatch log event
        f'{{"timestamp": {r.randrange(1_700_000_000_000, 1_800_000_000_000)}, "message": "{{s}}", "ingestionTime": 0}}',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: ("<134>1 2024-03-12T10:01:22Z api-3 app 812 - - {s}", _syslog),  # rsyslog line
    lambda r: ("{noformat}\n{s}\n{noformat}", _ident),  # Jira noformat
    lambda r: ("```suggestion\n{s}\n```", _ident),  # GitHub review suggestion
    lambda r: (  # git log entry: the body indented
        f"commit {_rs(r, HEX, 40)}\nAuthor: ci-bot <ci-bot@example.com>\n"
        "Date:   Tue Mar 12 10:01:22 2024 +0100\n\n    {s}",
        _indent("    "),
    ),
    lambda r: ("<config><![CDATA[{s}]]></config>", _ident),  # XML CDATA
    lambda r: ("message: '{s}'", _yaml_single),  # YAML single-quoted
    lambda r: ("DEBUG:urllib3:body=b'{s}'", _py_bytes),  # a logged Python bytes repr
    lambda r: ('<div itemprop="copy-paste-block"><p>{s}</p></div>', _teams_html),  # Teams HTML clipboard
    lambda r: ("root@build-7:/srv/app# {s}\nroot@build-7:/srv/app# ", _ident),  # tmux capture-pane
    lambda r: ("Script started on 2024-03-12 10:01:22+01:00\n{s}\nScript done on 2024-03-12 10:02:01+01:00", _ident),
    lambda r: ("\t{s}", _indent("\t")),  # a tab-indented code block pasted from an editor
    lambda r: (  # Stack Overflow question
        "Title: 401 from API after upgrade\n\nI upgraded the SDK and now I get this:\n\n```\n{s}\n```\n\n"
        "Tried clearing the cache, no luck. Any help appreciated!",
        _ident,
    ),
    lambda r: ("hola equipo, me sale esto al desplegar:\n{s}\nalguien sabe?", _ident),
    lambda r: ("kannst du kurz drüberschauen?\n{s}\ndanke dir!", _ident),
]


def _logfmt_q(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _xml_attr(s: str) -> str:
    import html

    return html.escape(s, quote=True).replace("\n", "&#10;")


# round-7 never-tuned wrapper families
ROUND7_WRAPPERS: list[Wrapper] = [
    lambda r: (f"*devops-oncall* _{r.randrange(1, 12)}:{r.randrange(10, 59)} AM_\n```{{s}}```", _ident),  # Slack mrkdwn
    lambda r: ("{quote}\n{s}\n{quote}", _ident),  # Jira quote macro
    lambda r: (  # GitLab job log, every line timestamped
        "2024-03-12T10:01:22.114Z 00O $ ./deploy.sh\n2024-03-12T10:01:22.118Z 01O {s}\n"
        "2024-03-12T10:01:23.002Z 01E ERROR: Job failed: exit code 1",
        _indent("2024-03-12T10:01:22.118Z 01O "),
    ),
    lambda r: ('level=error ts=2024-03-12T10:01:22Z caller=main.go:41 msg="{s}"', _logfmt_q),  # logfmt
    lambda r: ("HTTP/1.1 500 Internal Server Error\nContent-Type: text/plain; charset=utf-8\n\n{s}", _ident),
    lambda r: ("Hi,\n\n{s}\n\nBest regards,\nPlatform Support\n\nSent from Outlook for iOS", _ident),  # e-mail
    lambda r: (  # support ticket
        f"Ticket #{r.randrange(10000, 99999)} (Open)\nSubject: Integration failing\n\nCustomer message:\n{{s}}\n\n"
        "Internal note: escalated to L2",
        _ident,
    ),
    lambda r: ("--- form submission ---\nmessage: {s}\nconsent: yes", _ident),  # form dump
    lambda r: ("| # | detail |\n|---|---|\n| 1 | {s} |", lambda s: s.replace("\n", "<br>")),  # table cell, <br>
    lambda r: ("$body = @'\n{s}\n'@\nInvoke-RestMethod -Uri $uri -Method Post -Body $body", _ident),
    lambda r: ('val text = """\n{s}\n""".trimIndent()', _ident),  # Kotlin raw string
    lambda r: ("-- {s}\nSELECT 1;", _indent("-- ")),  # SQL comment
    lambda r: ('def test_regression():\n    """\n    {s}\n    """', _indent("    ")),  # docstring
    lambda r: ('<entry key="note" value="{s}"/>', _xml_attr),  # XML attribute
    lambda r: (  # Windows event log
        "Log Name:      Application\nSource:        AcmeApi\nEvent ID:      1000\nLevel:         Error\n"
        "Description:\n{s}",
        _ident,
    ),
    lambda r: ("#+begin_example\n{s}\n#+end_example", _ident),  # Emacs org
    lambda r: ("pessoal, alguém sabe o que é isso?\n{s}\nvaleu!", _ident),
    lambda r: ("ragazzi, mi esce questo:\n{s}\ngrazie mille", _ident),
    lambda r: ("script:\n  - |\n    {s}", _indent("    ")),  # CI script block
    lambda r: ("notes = '''\n{s}\n'''", _ident),  # TOML multi-line literal
]


def _c_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


# round-8 never-tuned wrapper families
ROUND8_WRAPPERS: list[Wrapper] = [
    lambda r: (f"**ops-bot** — Today at {r.randrange(1, 12)}:{r.randrange(10, 59)} AM\n{{s}}", _ident),  # Discord
    lambda r: ("[matrix] #ops:acme.dev | {s}", _ident),
    lambda r: ("> [!WARNING]\n> {s}", _indent("> ")),  # GitHub alert
    lambda r: ("<details><summary>full log</summary>\n\n{s}\n\n</details>", _ident),
    lambda r: (  # Confluence storage format
        '<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[{s}]]></ac:plain-text-body>'
        "</ac:structured-macro>",
        _ident,
    ),
    lambda r: ("[source,text]\n----\n{s}\n----", _ident),  # AsciiDoc listing
    lambda r: ("\\begin{verbatim}\n{s}\n\\end{verbatim}", _ident),  # LaTeX
    lambda r: ('let note = "{s}";', _c_string),  # Rust / C string literal
    lambda r: ('note: "{s}"', _c_string),  # YAML double-quoted scalar
    lambda r: (  # Docker json-file log
        '{"log":"{s}\\n","stream":"stderr","time":"2024-03-12T10:01:22.114Z"}',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: ("[pod/api-7d9c5b-xk2lp/api] {s}", _indent("[pod/api-7d9c5b-xk2lp/api] ")),  # kubectl logs --prefix
    lambda r: ('{"MESSAGE": "{s}", "_SYSTEMD_UNIT": "api.service", "PRIORITY": "3"}', _json_escape(True)),
    lambda r: ("##[group]Run ./deploy.sh\n{s}\n##[endgroup]\n##[error]Process completed with exit code 1.", _ident),
    lambda r: ("<soap:Fault><faultstring>{s}</faultstring></soap:Fault>", _html),
    lambda r: ('"Zeit";"Meldung"\n"10:42";"{s}"', _csv_cell),  # German Excel export
    lambda r: ("- note from the incident:\n  > {s}", _indent("  > ")),
    lambda r: ("Le mar. 12 mars 2024 à 10:42, support a écrit :\n> {s}", _indent("> ")),
    lambda r: ("arkadaşlar şu hatayı alıyorum:\n{s}\nyardım eder misiniz?", _ident),
    lambda r: ("hej, får det här felet:\n{s}\ntack på förhand!", _ident),
    lambda r: ("すみません、これが出ます:\n{s}\nよろしくお願いします", _ident),
    lambda r: ("     1\t{s}", _indent("     2\t")),  # cat -n
    lambda r: ("INFO:root:{'note': '{s}'}", _py_single),  # a logged dict
]


def _json_lines(s: str) -> str:
    # a notebook output's text: a JSON list of lines, each kept with its newline
    return '", "'.join(json.dumps(x)[1:-1] for x in s.splitlines(keepends=True))


# round-9 never-tuned wrapper families
ROUND9_WRAPPERS: list[Wrapper] = [
    lambda r: ('{"name": "stdout", "output_type": "stream", "text": ["{s}"]}', _json_lines),  # notebook output
    lambda r: ("config: |\n    {s}\nreplicaCount: 2", _indent("    ")),  # Helm values block
    lambda r: ('{"body": "{s}", "path": "deploy/values.yaml", "line": 12}', _json_escape(True)),  # PR review API
    lambda r: ("2024-03-12 10:01:22.114 Df acme[2211:1a2b] {s}", _ident),  # Apple unified log
    lambda r: ('{"resourceLogs": [{"body": {"stringValue": "{s}"}}]}', _json_escape(False)),  # OTLP JSON
    lambda r: ('panic: "{s}"\n\ngoroutine 1 [running]:\nmain.main()', _c_string),
    lambda r: ('[quote="ops-bot, post:3, topic:412"]\n{s}\n[/quote]', _ident),  # Discourse
    lambda r: ('{"type": "message", "from": "ops-bot", "text": "{s}"}', _json_escape(False)),  # Telegram export
    lambda r: ("src/config.ts\n  12:5  error  {s}  custom/no-hardcoded-config", _ident),  # ESLint
    lambda r: ('<Cell><Data ss:Type="String">{s}</Data></Cell>', _html),  # SpreadsheetML
    lambda r: ('note = """\n{s}\n"""', _ident),  # TOML multi-line string
    lambda r: ("이거 에러 나요:\n{s}\n도와주세요", _ident),
    lambda r: ("sziasztok, ezt a hibát kapom:\n{s}\nvalaki tud segíteni?", _ident),
    lambda r: ("salut, primesc eroarea asta:\n{s}\nmă poate ajuta cineva?", _ident),
    lambda r: ("halo, saya dapat error ini:\n{s}\nada yang bisa bantu?", _ident),
    lambda r: ("2024-03-12T10:01:22.114+00:00 app[web.1]: {s}", _indent("2024-03-12T10:01:22.115+00:00 app[web.1]: ")),
    lambda r: ("section_start:1710237682:step_script\r\x1b[0K{s}\nsection_end:1710237690:step_script\r\x1b[0K", _ident),
    lambda r: ('<165>1 2024-03-12T10:01:22.114Z web-1 api 2211 ID47 [meta@32473 env="prod"] {s}', _ident),
    lambda r: ('[1] "{s}"', _c_string),  # R console
    lambda r: ("local note = [==[\n{s}\n]==]", _ident),  # Lua long string
    lambda r: ('{\n  "message" => "{s}",\n  "@version" => "1"\n}', _c_string),  # Logstash rubydebug
    lambda r: ('{"runs": [{"results": [{"message": {"text": "{s}"}}]}]}', _json_escape(True)),  # SARIF
]


def _gha_command(s: str) -> str:
    # GitHub Actions workflow commands escape %, CR and LF in their message
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _asciinema(s: str) -> str:
    return json.dumps(s.replace("\n", "\r\n"))[1:-1]


def _cs_verbatim(s: str) -> str:
    return s.replace('"', '""')


def _pg_e_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n")


def _erl_binary(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


# round-10 never-tuned wrapper families
ROUND10_WRAPPERS: list[Wrapper] = [
    lambda r: ("::error file=deploy/run.sh,line=12::{s}", _gha_command),
    lambda r: (f'[{r.randrange(1, 60)}.{r.randrange(100, 999)}, "o", "{{s}}"]', _asciinema),  # asciinema cast
    lambda r: (f'string({r.randrange(40, 900)}) "{{s}}"', _ident),  # PHP var_dump
    lambda r: ('var note = @"{s}";', _cs_verbatim),  # C# verbatim string
    lambda r: ("INSERT INTO support_notes(body) VALUES (E'{s}');", _pg_e_string),
    lambda r: (  # Slack Block Kit
        '{"blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "{s}"}}]}',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: ('{"id": 4411, "note": "{s}", "noteable_type": "MergeRequest"}', _json_escape(True)),  # GitLab note
    lambda r: ('{"type": "TextBlock", "text": "{s}", "wrap": true}', _json_escape(False)),  # Teams adaptive card
    lambda r: (f"VM{r.randrange(100, 999)}:1 {{s}}", _indent(f"VM{r.randrange(100, 999)}:1 ")),  # browser console
    lambda r: ("C:\\src\\api>type notes.txt\n{s}\n\nC:\\src\\api>", _ident),
    lambda r: ("<aside>\n💡 {s}\n</aside>", _ident),  # Notion export
    lambda r: ('{error, <<"{s}">>}', _erl_binary),
    lambda r: ("mailto:ops@acme.dev?subject=bug&body={s}", lambda s: urllib.parse.quote(s, safe="")),
    lambda r: ("hej allesammen, jeg får den her fejl:\n{s}\nnogen der kan hjælpe?", _ident),
    lambda r: ("hola a tothom, em surt aquest error:\n{s}\nalgú em pot ajudar?", _ident),
    lambda r: ("hello po, may error ako:\n{s}\nsino pwedeng tumulong?", _ident),
    lambda r: ("habari, napata hitilafu hii:\n{s}\nkuna anayeweza kusaidia?", _ident),
]


def _cef_escape(s: str) -> str:
    # ArcSight CEF header fields escape backslash and pipe; a newline becomes \n
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "\\n")


def _fb_mojibake(s: str) -> str:
    # Facebook / Instagram data exports write UTF-8 bytes as \u00XX escapes (latin-1 read back)
    return json.dumps(s.encode("utf-8").decode("latin-1"))[1:-1]


def _cmd_escape(s: str) -> str:
    # cmd.exe's caret escapes for `echo`
    for ch in "^&|<>":
        s = s.replace(ch, "^" + ch)
    return s


def _make_dollar(s: str) -> str:
    return s.replace("$", "$$")  # a Makefile recipe


def _ltsv(s: str) -> str:
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


# round-11 never-tuned wrapper families
ROUND11_WRAPPERS: list[Wrapper] = [
    lambda r: ("{% raw %}\n{s}\n{% endraw %}", _ident),  # Jinja
    lambda r: ("{{/*\n{s}\n*/}}", _ident),  # Go template comment
    lambda r: ("{{!--\n{s}\n--}}", _ident),  # Handlebars comment
    lambda r: ("{% comment %}\n{s}\n{% endcomment %}", _ident),  # Liquid
    lambda r: ("<%#\n{s}\n%>", _ident),  # ERB comment
    lambda r: (  # GELF
        '{"version": "1.1", "host": "web-1", "short_message": "{s}", "level": 3}',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: ("CEF:0|Acme|api|2.4|4011|{s}|5|src=10.0.3.7", _cef_escape),
    lambda r: ("time:2024-03-12T10:01:22Z\thost:web-1\tmsg:{s}", _ltsv),  # LTSV
    lambda r: ('{"sender_name": "ops-bot", "timestamp_ms": 1710237682114, "content": "{s}"}', _fb_mojibake),
    lambda r: ('{"type": "post", "post": {"channel": "town-square", "message": "{s}"}}', _json_escape(False)),
    lambda r: ("# COMMAND ----------\n# MAGIC %md\n# MAGIC {s}", _indent("# MAGIC ")),  # Databricks source
    lambda r: ('{"paragraphs": [{"text": "%sh\\n{s}", "status": "ERROR"}]}', _json_escape(True)),  # Zeppelin
    lambda r: ('mo.md(r"""\n{s}\n""")', _ident),  # marimo
    lambda r: ("echo {s}", lambda s: _cmd_escape(s).replace("\n", "\necho ")),  # a .bat file
    lambda r: ("debug:\n\t@echo '{s}'", lambda s: _make_dollar(s).replace("\n", "'\n\t@echo '")),
    lambda r: ("$note = <<<'TXT'\n{s}\nTXT;", _ident),  # PHP nowdoc
    lambda r: ('#: src/errors.rs:41\nmsgid "{s}"\nmsgstr ""', _c_string),  # gettext
    lambda r: (f"{r.randrange(1, 40)}\n00:00:0{r.randrange(1, 9)},000 --> 00:00:12,500\n{{s}}", _ident),  # SRT
    lambda r: ("Patch Set 3:\n\n(1 comment)\n\nFile deploy/run.sh:\n\nLine 12: {s}", _ident),  # Gerrit
    lambda r: ("::: {.callout-warning}\n{s}\n:::", _ident),  # Quarto
    lambda r: ("chào mọi người, mình bị lỗi này:\n{s}\nai giúp mình với?", _ident),
    lambda r: ("ahoj, dostávám tuhle chybu:\n{s}\nneví někdo?", _ident),
    lambda r: ("moi, saan tämän virheen:\n{s}\nosaako joku auttaa?", _ident),
]


def _props_escape(s: str) -> str:
    # a Java .properties value: backslashes doubled, non-ASCII as \uXXXX (UTF-16), lines continued
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n\\\n    ")
        elif ord(ch) > 0x7E:
            out.append("".join(f"\\u{u:04x}" for u in _utf16_units(ch)))
        else:
            out.append(ch)
    return "".join(out)


def _utf16_units(ch: str) -> list[int]:
    b = ch.encode("utf-16-be")
    return [int.from_bytes(b[i : i + 2], "big") for i in range(0, len(b), 2)]


def _py_ascii(s: str) -> str:
    # a single-quoted Python literal as ascii() writes it (\x, \u, \U escapes)
    out = []
    for ch in s:
        o = ord(ch)
        if ch in "\\'":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or 0x7F <= o <= 0xFF:
            out.append(f"\\x{o:02x}")
        elif o > 0xFFFF:
            out.append(f"\\U{o:08x}")
        elif o > 0xFF:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return "".join(out)


def _qp(s: str) -> str:
    # quoted-printable (RFC 2045) without soft line breaks: "=" and every non-ASCII byte as =XX
    out = []
    for ch in s:
        if ch == "=" or ord(ch) > 0x7E:
            out.append("".join(f"={b:02X}" for b in ch.encode()))
        else:
            out.append(ch)
    return "".join(out)


def _q_word(s: str) -> str:
    # an RFC 2047 "Q" encoded-word body: space as _, specials and non-ASCII as =XX; a line break
    # closes the word and folds into the next one
    out = []
    for ch in s:
        if ch == "\n":
            out.append("?=\n =?UTF-8?Q?")
        elif ch == " ":
            out.append("_")
        elif ch in "=?_\t" or ord(ch) > 0x7E:
            out.append("".join(f"={b:02X}" for b in ch.encode()))
        else:
            out.append(ch)
    return "".join(out)


def _xml_ncr(s: str) -> str:
    # XML text with markup escaped and every non-ASCII character as a numeric reference
    out = []
    for ch in s:
        if ch in "&<>":
            out.append({"&": "&amp;", "<": "&lt;", ">": "&gt;"}[ch])
        elif ord(ch) > 0x7E:
            out.append(f"&#{ord(ch)};")
        else:
            out.append(ch)
    return "".join(out)


def _proto_text(s: str) -> str:
    # protobuf text format's C escapes: quotes and backslash, \n, every non-ASCII byte in octal
    out = []
    for ch in s:
        if ch in "\\\"'":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) > 0x7E:
            out.append("".join(f"\\{b:03o}" for b in ch.encode()))
        else:
            out.append(ch)
    return "".join(out)


def _ansi_c(s: str) -> str:
    # bash $'…' quoting
    return s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\t", "\\t")


def _ps_backtick(s: str) -> str:
    # PowerShell double-quoted string: backtick escapes
    return s.replace("`", "``").replace('"', '`"').replace("$", "`$").replace("\n", "`n")


def _ap_content(s: str) -> str:
    # ActivityPub "content": HTML-escaped, line breaks as <br>, inside a JSON string
    import html

    return json.dumps(html.escape(s, quote=True).replace("\n", "<br>"), ensure_ascii=False)[1:-1]


_LATEX = {
    "\\": "\\textbackslash{}",
    "&": "\\&",
    "%": "\\%",
    "$": "\\$",
    "#": "\\#",
    "_": "\\_",
    "{": "\\{",
    "}": "\\}",
    "~": "\\textasciitilde{}",
    "^": "\\textasciicircum{}",
}


def _latex(s: str) -> str:
    return "".join(_LATEX.get(ch, ch) for ch in s)


def _md_escape(s: str) -> str:
    # markdown as exporters escape it (Notion, Confluence to markdown)
    return "".join("\\" + ch if ch in "\\`*_[]<>#|~" else ch for ch in s)


# round-12 never-tuned wrapper families
ROUND12_WRAPPERS: list[Wrapper] = [
    lambda r: (  # devtools: copy as fetch, the paste as a JSON body
        'fetch("https://api.acme.dev/v1/notes", {\n  "headers": {"content-type": "text/plain"},\n'
        '  "body": "{s}",\n  "method": "POST"\n});',
        _json_escape(r.random() < 0.5),
    ),
    lambda r: (  # a Kubernetes Secret's stringData block scalar
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: support-notes\nstringData:\n  notes.txt: |\n    {s}",
        _indent("    "),
    ),
    lambda r: ("# messages.properties\nsupport.note={s}", _props_escape),
    lambda r: ("note = '{s}'", _py_ascii),  # a Python ascii() repr
    lambda r: (
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n{s}",
        _qp,
    ),
    lambda r: ("Subject: =?UTF-8?Q?{s}?=", _q_word),  # a MIME encoded-word header
    lambda r: ("sequenceDiagram\n  participant api\n  Note over api: {s}", lambda s: s.replace("\n", "<br/>")),
    lambda r: ('<note xml:space="preserve">{s}</note>', _xml_ncr),
    lambda r: ('entries {\n  note: "{s}"\n}', _proto_text),  # protobuf text format
    lambda r: ("printf '%s\\n' $'{s}'", _ansi_c),
    lambda r: ('Write-Output "{s}"', _ps_backtick),
    lambda r: ('{"type": "Note", "content": "<p>{s}</p>", "sensitive": false}', _ap_content),
    lambda r: ("\\begin{quote}\n{s}\n\\end{quote}", _latex),
    lambda r: ("> exported from the wiki:\n> {s}", lambda s: _md_escape(s).replace("\n", "\n> ")),
    lambda r: ("shwmae, dw i'n cael y gwall hwn:\n{s}\nunrhyw syniad?", _ident),  # Welsh
    lambda r: ("kaixo, errore hau jasotzen dut:\n{s}\ninork badaki?", _ident),  # Basque
    lambda r: ("ሰላም፣ ይህ ስህተት ይመጣብኛል፦\n{s}\nማን ሊረዳኝ ይችላል?", _ident),  # Amharic
]


def _zw_autolink(s: str) -> str:
    # a notification e-mail breaks auto-linking with a zero-width space after every "@" and "."
    return s.replace("@", "@\u200b").replace(".", ".\u200b")


def _rich_text(s: str) -> str:
    # copied from a word processor: no-break spaces and non-breaking hyphens
    return s.replace(" ", "\u00a0").replace("-", "\u2011")


def _vb_string(s: str) -> str:
    return s.replace('"', '""').replace("\n", '" & vbCrLf & "')


_JS_ESCAPE_SAFE = set(string.ascii_letters + string.digits + "@*_+-./")


def _js_escape(s: str) -> str:
    # JavaScript's legacy escape(): %XX below 256, %uXXXX above (UTF-16 units)
    out = []
    for ch in s:
        if ch in _JS_ESCAPE_SAFE:
            out.append(ch)
        elif ord(ch) < 256:
            out.append(f"%{ord(ch):02X}")
        else:
            out.extend(f"%u{u:04X}" for u in _utf16_units(ch))
    return "".join(out)


def _char_codes(s: str) -> str:
    return ", ".join(str(ord(ch)) for ch in s)


def _cat_a(s: str) -> str:
    # `cat -A`: tabs as ^I, line ends as $, bytes above 127 in M- notation
    out = []
    for ch in s:
        if ch == "\n":
            out.append("$\n")
        elif ch == "\t":
            out.append("^I")
        elif ord(ch) < 128:
            out.append(ch)
        else:
            for b in ch.encode():
                low = b - 128
                out.append("M-" + (chr(low) if 32 <= low < 127 else "^?" if low == 127 else "^" + chr(low + 64)))
    return "".join(out)


def _utf16_bytes(s: str) -> str:
    # the body of a Python bytes repr of the text as UTF-16LE (how a script prints a file it read in binary)
    out = []
    for b in s.encode("utf-16-le"):
        if b == 0x5C:
            out.append("\\\\")
        elif b == 0x27:
            out.append("\\'")
        elif b == 0x0A:
            out.append("\\n")
        elif 32 <= b < 127:
            out.append(chr(b))
        else:
            out.append(f"\\x{b:02x}")
    return "".join(out)


def _fullwidth(s: str) -> str:
    # typed with a Japanese IME in full-width mode: printable ASCII as U+FF01..U+FF5E, space as U+3000
    return "".join(chr(ord(ch) + 0xFEE0) if 0x21 <= ord(ch) <= 0x7E else "\u3000" if ch == " " else ch for ch in s)


def _rtf(s: str) -> str:
    out = []
    for ch in s:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\par\n")
        elif ord(ch) > 0x7E:
            out.extend(f"\\u{u if u < 0x8000 else u - 0x10000}?" for u in _utf16_units(ch))
        else:
            out.append(ch)
    return "".join(out)


def _excel_formula(s: str) -> str:
    return s.replace('"', '""').replace("\n", '"&CHAR(10)&"')


def _go_json(s: str) -> str:
    # Go's json.Marshal: HTML-safe escapes for <, > and &
    return (
        json.dumps(s, ensure_ascii=False)[1:-1].replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    )


ROUND13_WRAPPERS: list[Wrapper] = [
    lambda r: ('let note = r#"{s}"#;', _ident),  # a Rust raw string
    lambda r: ('static const char* kNote = R"NOTE({s})NOTE";', _ident),  # a C++ raw string
    lambda r: ("New comment on issue #412:\n\n{s}\n\nReply to this email directly or view it online.", _zw_autolink),
    lambda r: ("(pasted from the design doc)\n{s}", _rich_text),
    lambda r: ('MsgBox "{s}"', _vb_string),
    lambda r: ("Cookie: last_note={s}; theme=dark", _js_escape),
    lambda r: ("var note = String.fromCharCode({s});", _char_codes),
    lambda r: ("description: >-\n  {s}", lambda s: s.replace("\n", "\n\n  ")),  # YAML folded scalar
    lambda r: ("$ cat -A notes.txt\n{s}$", _cat_a),
    lambda r: (">>> open('notes.txt', 'rb').read()\nb'\\xff\\xfe{s}'", _utf16_bytes),
    lambda r: ("これ見てもらえますか？\n{s}", _fullwidth),
    lambda r: ("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Calibri;}}\\f0\\fs22 {s}\\par\n}", _rtf),
    lambda r: ('="{s}"', _excel_formula),
    lambda r: ('{"level":"info","note":"{s}"}', _go_json),
    lambda r: ("INSERT INTO notes (body) VALUES ($note${s}$note$);", _ident),  # PostgreSQL dollar quoting
    lambda r: ("ສະບາຍດີ, ຂ້ອຍໄດ້ຮັບຂໍ້ຜິດພາດນີ້:\n{s}\nມີໃຜຊ່ວຍໄດ້ບໍ?", _ident),  # Lao
    lambda r: ("ආයුබෝවන්, මට මේ දෝෂය එනවා:\n{s}\nකවුරු හරි දන්නවද?", _ident),  # Sinhala
    lambda r: ("салом, ман ин хаторо мегирам:\n{s}\nкасе медонад?", _ident),  # Tajik
]


def _hex_bytes(s: str) -> str:
    return "".join(f"\\x{b:02x}" for b in s.encode())  # printf '\xNN…'


def _css_escape(s: str) -> str:
    return "".join(f"\\{ord(c):x} " for c in s)  # CSS hex escapes, each closed by a space


def _cf_html(s: str) -> str:
    # the Windows HTML clipboard format: an HTML fragment (entities, <br> for line breaks)
    return "".join({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\n": "<br>"}.get(c, c) for c in s)


def _word_xml(s: str) -> str:
    m = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\n": '</w:t><w:br/><w:t xml:space="preserve">'}
    return "".join(m.get(c, c) for c in s)  # WordprocessingML runs (document.xml)


def _sms_xml(s: str) -> str:
    m = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;", "\n": "&#10;"}
    return "".join(m.get(c, c) for c in s)  # SMS Backup & Restore's body attribute


def _utf16_less(s: str) -> str:
    return "".join(c + "^@" for c in s)  # `less` on a UTF-16LE file: a NUL after every ASCII byte


ROUND14_WRAPPERS: list[Wrapper] = [
    lambda r: ("$ printf '{s}' > /tmp/note.txt", _hex_bytes),
    lambda r: ('.debug::after {\n  content: "{s}";\n}', _css_escape),
    lambda r: ("cat <<-EOF > note.txt\n\t{s}\n\tEOF", lambda s: s.replace("\n", "\n\t")),  # tab-stripped heredoc
    lambda r: ("> [!warning] pasted from prod\n> {s}", lambda s: s.replace("\n", "\n> ")),  # Obsidian callout
    lambda r: (
        "Version:0.9\nStartHTML:0000000105\nEndHTML:0000000330\nStartFragment:0000000141\nEndFragment:0000000294\n"
        "<html><body>\n<!--StartFragment--><div>{s}</div><!--EndFragment-->\n</body></html>",
        _cf_html,
    ),
    lambda r: ('<w:p><w:r><w:t xml:space="preserve">{s}</w:t></w:r></w:p>', _word_xml),
    lambda r: ('<sms protocol="0" address="ACME-OPS" date="1733407391000" type="1" body="{s}" read="1" />', _sms_xml),
    lambda r: ("$ less notes-utf16.txt\n^^@{s}", _utf16_less),
    lambda r: (':reg a\n--- Registers ---\n"a   {s}', lambda s: s.replace("\n", "^J")),  # vim registers
    lambda r: ("┌─ scratch ─────────\n│ {s} │\n└───────────────────", lambda s: s.replace("\n", " │\n│ ")),
    lambda r: ('2026/12/05(Sat)\n21:04\tme\t"{s}"', lambda s: s.replace('"', '""')),  # LINE chat export
    lambda r: ("RUN <<EOF\ncat > /etc/app/notes <<'NOTE'\n{s}\nNOTE\nEOF", _ident),  # Dockerfile heredoc
    lambda r: ("$note = <<<'TXT'\n{s}\nTXT;", _ident),  # PHP nowdoc
    lambda r: ('let note = #"""\n{s}\n"""#', _ident),  # Swift extended-delimiter string
    lambda r: ('var note = """\n    {s}\n    """;', lambda s: s.replace("\n", "\n    ")),  # C# 11 raw string
    lambda r: ("note = <<~TXT\n  {s}\nTXT", lambda s: s.replace("\n", "\n  ")),  # Ruby squiggly heredoc
    lambda r: ("Saħħa, qed nieħu dan l-iżball:\n{s}\nxi ħadd jaf?", _ident),  # Maltese
    lambda r: ("Bonjou, m ap resevwa erè sa a:\n{s}\nèske yon moun konnen?", _ident),  # Haitian Creole
    lambda r: ("Allillanchu, kay pantasqata chaskini:\n{s}\npipas yachanchu?", _ident),  # Quechua
    lambda r: ("Moien, ech kréien dëse Feeler:\n{s}\nweess een eppes?", _ident),  # Luxembourgish
]


def _git_show_added(s: str) -> str:
    return s.replace("\n", "\n+")  # every line of the added file, as `git show` prints it


def _fstring(s: str) -> str:
    return s.replace("{", "{{").replace("}", "}}")  # pasted into a Python f-string


def _groovy_gstring(s: str) -> str:
    return s.replace("\\", "\\\\").replace("$", "\\$").replace('"', '\\"')  # a Jenkinsfile `sh """…"""`


def _ics_text(s: str) -> str:
    # an iCalendar TEXT value (RFC 5545): backslash, semicolon, comma and newline escaped
    return s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _troff(s: str) -> str:
    return s.replace("\\", "\\e").replace("-", "\\-").replace("\n", "\n.br\n")  # a man page's source


def _mdx_template(s: str) -> str:
    return s.replace("\\", "\\\\").replace("`", "\\`").replace("$", "\\$")  # a JS template literal in MDX


def _cron_percent(s: str) -> str:
    return s.replace("%", "\\%")  # cron turns a bare % into a newline


def _systemd_specifier(s: str) -> str:
    return s.replace("%", "%%")  # a unit file's % specifiers


def _kotlin_dollar(s: str) -> str:
    return s.replace("$", "${'$'}")  # a Kotlin raw string cannot escape $


ROUND15_WRAPPERS: list[Wrapper] = [
    lambda r: (
        "$ git show --pretty=oneline HEAD\n4f1c2e9a7b3d0c18a0e6b7c29d51f3e8a6b4c2d0 add scratch notes\n"
        "diff --git a/notes.txt b/notes.txt\nnew file mode 100644\n"
        "--- /dev/null\n+++ b/notes.txt\n@@ -0,0 +1,3 @@\n+{s}",
        _git_show_added,
    ),
    lambda r: ("DO $body$\nBEGIN\n  RAISE NOTICE '%', $note${s}$note$;\nEND\n$body$;", _ident),  # dollar quotes
    lambda r: ("  notes = ''\n    {s}\n  '';", lambda s: s.replace("\n", "\n    ")),  # a Nix indented string
    lambda r: ('log.info(f"""context: {s} (attempt {n})""")', _fstring),
    lambda r: ('sh """\n  echo "{s}" > debug.txt\n"""', _groovy_gstring),
    lambda r: (
        "BEGIN:VEVENT\nUID:incident-review-2026-12-05\nSUMMARY:incident review\nDESCRIPTION:{s}\nEND:VEVENT",
        _ics_text,
    ),
    lambda r: (".TH NOTES 1\n.SH DESCRIPTION\n{s}", _troff),
    lambda r: ("local notes = |||\n  {s}\n|||;", lambda s: s.replace("\n", "\n  ")),  # Jsonnet text block
    lambda r: ("<Callout>\n{`{s}`}\n</Callout>", _mdx_template),
    lambda r: ("> > {s}\n> \n> what do you make of this?", lambda s: s.replace("\n", "\n> > ")),  # a quoted quote
    lambda r: ("*/5 * * * * /usr/local/bin/probe --note '{s}' >> /var/log/probe.log 2>&1", _cron_percent),
    lambda r: ('[Service]\nExecStartPre=/bin/echo "{s}"\nExecStart=/usr/local/bin/api', _systemd_specifier),
    lambda r: (
        "services:\n  debug:\n    image: alpine\n    command: sh -c 'echo \"{s}\"; sleep 5'",
        lambda s: s.replace("$", "$$"),  # compose interpolation escaped
    ),
    lambda r: ('val note = """\n    |{s}\n""".trimMargin()', lambda s: _kotlin_dollar(s).replace("\n", "\n    |")),
    lambda r: ("Sannu, ina samun wannan kuskure:\n{s}\nakwai wanda ya sani?", _ident),  # Hausa
    lambda r: ("Salaan, waxaan helayaa khaladkan:\n{s}\nqof ma garanayaa?", _ident),  # Somali
    lambda r: ("ਸਤ ਸ੍ਰੀ ਅਕਾਲ, ਮੈਨੂੰ ਇਹ ਗਲਤੀ ਮਿਲ ਰਹੀ ਹੈ:\n{s}\nਕਿਸੇ ਨੂੰ ਪਤਾ ਹੈ?", _ident),  # Punjabi
    lambda r: ("Բարև, ստանում եմ այս սխալը:\n{s}\nինչ-որ մեկը գիտի՞", _ident),  # Armenian
    lambda r: ("ನಮಸ್ಕಾರ, ನನಗೆ ಈ ದೋಷ ಬರುತ್ತಿದೆ:\n{s}\nಯಾರಿಗಾದರೂ ಗೊತ್ತೇ?", _ident),  # Kannada
]


_PRINTF_Q = set(" '\"\\$`!&;|<>()*?[]{}#~")


def _printf_q(s: str) -> str:
    # bash `printf %q`: a backslash before each shell-special character, a newline as $'\n'
    return "".join("$'\\n'" if ch == "\n" else ("\\" + ch if ch in _PRINTF_Q else ch) for ch in s)


def _sed_replacement(s: str) -> str:
    return s.replace("\\", "\\\\").replace("/", "\\/").replace("&", "\\&").replace("\n", "\\n")


def _sql_like(s: str) -> str:
    return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_").replace("'", "''")


def _json_pointer(s: str) -> str:
    # a JSON Pointer token (RFC 6901: ~ and / escaped) inside a JSON string
    return json.dumps(s.replace("~", "~0").replace("/", "~1"))[1:-1]


_LDAP_DN = set(',+"\\<>;=')


def _ldap_dn(s: str) -> str:
    return "".join("\\0A" if ch == "\n" else ("\\" + ch if ch in _LDAP_DN else ch) for ch in s)  # RFC 4514


def _mysql_outfile(s: str) -> str:
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")  # SELECT … INTO OUTFILE


def _reg_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")  # a .reg REG_SZ value (one line)


def _php_single(s: str) -> str:
    return s.replace("\\", "\\\\").replace("'", "\\'")


def _elisp_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def _smart_apostrophe(s: str) -> str:
    return s.replace("'", "\u2019")  # a word processor's autocorrect


def _go_raw(s: str) -> str:
    return s.replace("`", '` + "`" + `')  # a Go raw string cannot hold a backtick


ROUND16_WRAPPERS: list[Wrapper] = [
    lambda r: ("$ printf '%q\\n' \"$NOTES\"\n{s}", _printf_q),
    lambda r: ("sed -i 's/__NOTES__/{s}/' deploy/notes.conf", _sed_replacement),
    lambda r: ("SELECT id FROM support_notes WHERE body LIKE '%{s}%' ESCAPE '\\';", _sql_like),
    lambda r: ('[{"op": "add", "path": "/metadata/annotations/{s}", "value": "true"}]', _json_pointer),
    lambda r: ("dn: cn={s},ou=notes,dc=acme,dc=dev\nchangetype: add\nobjectClass: device", _ldap_dn),
    lambda r: (
        "mysql> SELECT body INTO OUTFILE '/tmp/note.txt' FROM notes WHERE id = 7;\n$ cat /tmp/note.txt\n{s}",
        _mysql_outfile,
    ),
    lambda r: (
        'Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Acme\\Sync]\n"Notes"="{s}"',
        _reg_string,
    ),
    lambda r: ("<?php\n$notes = '{s}';\nerror_log($notes);", _php_single),
    lambda r: (
        "> <@dana:matrix.acme.dev> {s}\n\ncan you check this?",
        lambda s: s.replace("\n", "\n> "),
    ),  # a Matrix reply
    lambda r: ('let notes = """\n{s}\n"""', lambda s: s.replace("\\", "\\\\")),  # Swift multi-line string
    lambda r: ('<pre><code class="text">\n{s}\n</code></pre>', _html),  # a Redmine issue body
    lambda r: ('(setq my/scratch-notes "{s}")', _elisp_string),
    lambda r: ("From the shared Google Doc:\n\n{s}", _smart_apostrophe),
    lambda r: ("const notes = `{s}`", _go_raw),
    lambda r: ("Ẹ n lẹ, mo n rí àṣìṣe yìí:\n{s}\nṣé ẹnikẹ́ni mọ̀?", _ident),  # Yoruba
    lambda r: ("Ndewo, a na m enweta njehie a:\n{s}\no nwere onye maara?", _ident),  # Igbo
    lambda r: ("Manao ahoana, mahazo ity hadisoana ity aho:\n{s}\nmisy mahalala ve?", _ident),  # Malagasy
    lambda r: ("سلام، دا تېروتنه راته راځي:\n{s}\nڅوک پوهېږي؟", _ident),  # Pashto
    lambda r: ("ياخشىمۇسىز، مۇنداق خاتالىق چىقىۋاتىدۇ:\n{s}\nبىلىدىغانلار بارمۇ؟", _ident),  # Uyghur
    lambda r: ("Maayong adlaw, kini nga error akong makuha:\n{s}\naduna bay nakahibalo?", _ident),  # Cebuano
]


def _zig_lines(s: str) -> str:
    return s.replace("\n", "\n    \\\\")  # a Zig multiline string: every line starts with \\


def _haskell_string(s: str) -> str:
    out: list[str] = []
    for i, ch in enumerate(s):
        esc = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}.get(ch)
        if esc is None and ord(ch) > 126:
            esc = f"\\{ord(ch)}" + ("\\&" if i + 1 < len(s) and s[i + 1].isdigit() else "")
        out.append(esc or ch)
    return "".join(out)


def _matlab_sprintf(s: str) -> str:
    return s.replace("\\", "\\\\").replace("%", "%%").replace("'", "''").replace("\n", "\\n")


ROUND17_WRAPPERS: list[Wrapper] = [
    lambda r: ("const handover =\n    \\\\{s}\n;", _zig_lines),
    lambda r: ('val handover = """|{s}""".stripMargin', lambda s: s.replace("\n", "\n                  |")),
    lambda r: ('handover :: String\nhandover = "{s}"', _haskell_string),
    lambda r: ("txt = sprintf('{s}');\nfprintf(fid, '%s', txt);", _matlab_sprintf),
    lambda r: ("$handover = '{s}'\nSet-Content -Path .\\handover.txt -Value $handover", lambda s: s.replace("'", "''")),
    lambda r: ("local handover = [==[\n{s}\n]==]", _ident),
    lambda r: ("[source,text]\n.handover.txt\n----\n{s}\n----", _ident),
    lambda r: ('[quote="dana_ops"]\n[code]{s}[/code]\n[/quote]', _ident),  # a forum post
    lambda r: (
        "On Fri, 5 Dec 2026 at 09:12, Dana wrote:\n> Lee wrote:\n> > {s}\n>\n> see above\n\nthanks both",
        lambda s: s.replace("\n", "\n> > "),
    ),
    lambda r: ("let handover = {|{s}|}", _ident),  # an OCaml quoted string
]


FILLER = [
    "can you help me figure out why the build fails on CI?",
    "I'm migrating the service from Flask to FastAPI.",
    "The tests pass locally but not in the pipeline.",
    "Refactor this so it retries with exponential backoff.",
    "Also, the docker image is way too big now.",
    "why does this return None sometimes?",
    "we switched to poetry last week and things broke",
    "Make the function async and add type hints.",
    "It worked yesterday, nothing changed on my side.",
    "Please keep the existing behaviour for old clients.",
]


# each round's wrapper families; a family is drawn uniformly, then one of its wrappers
WRAPPER_ROUNDS: dict[int, list[list[Wrapper]]] = {
    1: ROUND1_WRAPPERS,
    2: [ROUND2_WRAPPERS],
    3: [ROUND3_WRAPPERS],
    4: [ROUND4_WRAPPERS],
    5: [ROUND5_WRAPPERS],
    6: [ROUND6_WRAPPERS],
    7: [ROUND7_WRAPPERS],
    8: [ROUND8_WRAPPERS],
    9: [ROUND9_WRAPPERS],
    10: [ROUND10_WRAPPERS],
    11: [ROUND11_WRAPPERS],
    12: [ROUND12_WRAPPERS],
    13: [ROUND13_WRAPPERS],
    14: [ROUND14_WRAPPERS],
    15: [ROUND15_WRAPPERS],
    16: [ROUND16_WRAPPERS],
    17: [ROUND17_WRAPPERS],
}
DEV_WRAPPERS = [f for r, fams in sorted(WRAPPER_ROUNDS.items()) if r < HOLDOUT_ROUND for f in fams]
HOLDOUT_WRAPPERS = [f for r in HOLDOUT_ROUNDS for f in WRAPPER_ROUNDS.get(r, [])]


def _pool_parts(
    pool: Pool, round_no: int | None, before: int | None = None
) -> tuple[dict[str, list[Callable[[random.Random], str]]], list[list[Wrapper]]]:
    """The decoy kinds and wrapper families of ``pool``, or of one of its rounds, or (``before``)
    of the dev pool as it was when round ``before`` was the oldest holdout round."""
    if before is not None:
        if pool != "dev" or round_no is not None or not 1 < before <= HOLDOUT_ROUND:
            raise ValueError(f"no dev pool before round {before}")
        decoys: dict[str, list[Callable[[random.Random], str]]] = {}
        for r, kinds in sorted(DECOY_ROUNDS.items()):
            for name, ts in kinds.items() if r < before else ():
                decoys[name] = decoys.get(name, []) + ts
        return decoys, [f for r, fams in sorted(WRAPPER_ROUNDS.items()) if r < before for f in fams]
    if round_no is None:
        return (DECOYS, DEV_WRAPPERS) if pool == "dev" else (HOLDOUT_DECOYS, HOLDOUT_WRAPPERS)
    if round_no not in DECOY_ROUNDS or not _in_pool(round_no, pool):
        raise ValueError(f"round {round_no} is not in the {pool} pool")
    return DECOY_ROUNDS[round_no], WRAPPER_ROUNDS[round_no]


def _wrapper_name(w: Wrapper) -> str:
    """``r<round>w<index>``: where a wrapper is written (for the CLI's ``--by-wrapper``)."""
    for r, fams in WRAPPER_ROUNDS.items():
        for fam in fams:
            for i, cand in enumerate(fam):
                if cand is w:
                    return f"r{r}w{i}" if len(fams) == 1 else f"r{r}f{fams.index(fam)}w{i}"
    return "?"


def _render(
    rng: random.Random, snippet: str, families: list[list[Wrapper]]
) -> tuple[str, Callable[[str], str], Wrapper]:
    family = families[rng.randrange(len(families))]
    w = family[rng.randrange(len(family))]
    frame, enc = w(rng)
    return frame.replace("{s}", enc(snippet)), enc, w


def _forms(enc: Callable[[str], str], needle: str) -> tuple[str, ...]:
    base = {needle, urllib.parse.quote(needle, safe=""), urllib.parse.quote_plus(needle), json.dumps(needle)[1:-1]}
    # the wrapper's encoding over a template's own (a URL-encoded value in a URL-encoded query)
    return tuple(sorted(base | {enc(f) for f in base}))


def generate(
    seed: int, pool: Pool, n: int = 2400, round_no: int | None = None, before: int | None = None
) -> list[BlindCase]:
    """``n`` prompts for one pool; about as many decoys as planted values. ``round_no`` keeps one
    round of the pool (its template families, decoy kinds and wrappers): a round's cases are the
    same whether or not later rounds exist (round 6 alone is what the holdout was before round 7).
    ``before`` keeps the dev pool's rounds before it: ``generate(s, "dev", n, before=7)`` is the dev
    pool (rounds 1 to 6) exactly as it was while round 7 was the holdout."""
    decoy_pool, wrappers = _pool_parts(pool, round_no, before)

    def families(c: Category) -> list[int]:
        return [t for t in c.templates(pool, round_no) if before is None or c.rounds[t] < before]

    drawn = (round_no,) if round_no is not None else HOLDOUT_ROUNDS if pool == "holdout" else ()
    cases: list[BlindCase] = []
    order_rng = random.Random(f"blind:{seed}:{pool}")
    cat_cycle: list[Category] = []
    decoy_cycle: list[str] = []
    for i in range(n):
        rng = random.Random(f"blind:{seed}:{pool}:{i}")
        parts: list[str] = []
        plants: list[Plant] = []
        decoys: list[Decoy] = []
        k = rng.choice([1, 1, 2, 2, 3])
        for _ in range(k):
            if not cat_cycle:  # (holdout-only categories have no dev template)
                cat_cycle = [c for c in CATS if families(c) for _ in range(c.draws(drawn))]
                order_rng.shuffle(cat_cycle)
            if not decoy_cycle:
                decoy_cycle = list(decoy_pool)
                order_rng.shuffle(decoy_cycle)
            c = cat_cycle.pop()
            snippet, needles = c.make(rng, rng.choice(families(c)))
            text, enc, w = _render(rng, snippet, wrappers)
            parts.append(text)
            forms = tuple(f for nd in needles for f in _forms(enc, nd))
            plants.append(Plant(c.name, c.kind, forms, _wrapper_name(w)))
            dname = decoy_cycle.pop()
            dsnip = rng.choice(decoy_pool[dname])(rng)
            dtext, denc, _w = _render(rng, dsnip, wrappers)
            parts.append(dtext)
            decoys.append(Decoy(dname, denc(dsnip)))
        if rng.random() < 0.7:
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(FILLER))
        rng.shuffle(parts)
        cases.append(BlindCase(pool, "\n\n".join(parts), tuple(plants), tuple(decoys)))
    return cases


# ---------------------------------------------------------------------------------------------
# scoring, as redaction_cases scores: the redactor's spans over each prompt (`spans_many`, the
# batch call ingest makes); a plant is caught when no run of 8 characters of any occurrence of
# any of its forms is left uncovered; a decoy is a false positive when any span touches it.


def _occurrences(text: str, needle: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = text.find(needle)
    while pos >= 0:
        out.append((pos, pos + len(needle)))
        pos = text.find(needle, pos + 1)
    return out


def _caught(a: int, b: int, ranges: list[tuple[int, int]], run: int = 8) -> bool:
    covered = bytearray(b - a)
    for x, y in ranges:
        for i in range(max(x, a), min(y, b)):
            covered[i - a] = 1
    cur = best = 0
    for c in covered:
        cur = 0 if c else cur + 1
        best = max(best, cur)
    return best < min(run, b - a)


@dataclass
class BlindScore:
    total: dict[str, int] = field(default_factory=dict)
    hit: dict[str, int] = field(default_factory=dict)
    decoys: dict[str, int] = field(default_factory=dict)
    fps: dict[str, int] = field(default_factory=dict)
    by_wrapper: dict[str, list[int]] = field(default_factory=dict)  # wrapper -> [caught, planted]
    stray: int = 0  # spans touching neither a plant nor a decoy (frames, template user names, hosts)
    mb: float = 0.0
    idempotent: bool = True
    dropped: int = 0
    # (texts kept out of the repr: a failing holdout assertion must not print the holdout's failures)
    misses: list[tuple[str, str]] = field(default_factory=list, repr=False)
    fp_texts: list[tuple[str, str]] = field(default_factory=list, repr=False)
    stray_texts: list[str] = field(default_factory=list, repr=False)

    def recall(self, kind: str) -> float:
        cats = [c for c in self.total if KIND.get(c) == kind]
        t = sum(self.total[c] for c in cats)
        return sum(self.hit.get(c, 0) for c in cats) / t if t else 1.0

    def fp_per_mb(self) -> float:
        return sum(self.fps.values()) / self.mb if self.mb else 0.0


def score(redactor: object, cases: list[BlindCase], check_idempotent: bool = True) -> BlindScore:
    s = BlindScore()
    texts = [c.text for c in cases]
    s.mb = sum(len(t.encode()) for t in texts) / 1e6
    all_spans = redactor.spans_many(texts)  # type: ignore[attr-defined]
    for c, sp in zip(cases, all_spans, strict=True):
        ranges = [(x.start, x.end) for x in sp or []]
        owned: list[tuple[int, int]] = []
        for p in c.plants:
            occ = [o for f in p.needles for o in _occurrences(c.text, f)]
            if not occ:
                raise AssertionError(f"generator bug: {p.category} not in its prompt")
            owned += occ
            s.total[p.category] = s.total.get(p.category, 0) + 1
            leaks = [(a, b) for a, b in occ if sp is None or not _caught(a, b, ranges)]
            w = s.by_wrapper.setdefault(p.wrapper, [0, 0])
            w[0] += not leaks
            w[1] += 1
            if not leaks:
                s.hit[p.category] = s.hit.get(p.category, 0) + 1
            else:
                a, b = leaks[0]
                s.misses.append((p.category, f"[{p.wrapper}] {c.text[a:b]!r} in {c.text[max(0, a - 120) : b + 60]!r}"))
        for d in c.decoys:
            s.decoys[d.category] = s.decoys.get(d.category, 0) + 1
            occ = _occurrences(c.text, d.text)
            owned += occ
            if any(x < b and a < y for a, b in occ for x, y in ranges):
                s.fps[d.category] = s.fps.get(d.category, 0) + 1
                s.fp_texts.append((d.category, d.text))
        for x, y in ranges:
            if not any(x < b and a < y for a, b in owned):
                s.stray += 1
                s.stray_texts.append(f"{c.text[x:y]!r} in {c.text[max(0, x - 60) : y + 30]!r}")
        s.dropped += sp is None
    if check_idempotent:
        once = redactor.redact_many(texts)  # type: ignore[attr-defined]
        kept = [o.text for o in once if o is not None]
        twice = redactor.redact_many(kept)  # type: ignore[attr-defined]
        s.idempotent = all(t is not None and t.text == o for o, t in zip(kept, twice, strict=True))
    return s


def main() -> None:
    import argparse
    import sys
    import time
    from pathlib import Path

    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=2400)
    ap.add_argument("--baseline", help="git revision of the engine to compare with")
    ap.add_argument("--misses", type=int, default=0, help="print up to N missed plants (dev pool only)")
    ap.add_argument("--fps", type=int, default=0, help="print up to N false positives (dev pool only)")
    ap.add_argument("--only", help="print misses of this category only")
    ap.add_argument("--stray", type=int, default=0, help="print up to N stray spans (dev pool only)")
    ap.add_argument("--by-wrapper", action="store_true", help="print recall per wrapper (r<round>w<index>)")
    ap.add_argument("--pool", choices=POOLS, help="score and print this pool only (the holdout: aggregates only)")
    ap.add_argument(
        "--round",
        type=int,
        dest="round_no",
        help=f"score one round of its pool only (dev: 1 to {HOLDOUT_ROUND - 1}; holdout: "
        + ", ".join(map(str, HOLDOUT_ROUNDS))
        + ")",
    )
    args = ap.parse_args()
    # (the holdout's rounds are written in a branch of their own: a tree may hold none of them yet)
    written = any(r in DECOY_ROUNDS for r in HOLDOUT_ROUNDS)
    if args.pool == "holdout" and not written:
        ap.error("no holdout round is written in this tree")
    pools: tuple[Pool, ...] = (args.pool,) if args.pool else tuple(p for p in POOLS if p == "dev" or written)
    if args.round_no is not None:
        own: Pool = "dev" if args.round_no < HOLDOUT_ROUND else "holdout"
        if args.round_no not in DECOY_ROUNDS or (args.pool and args.pool != own):
            ap.error(f"round {args.round_no} is no round of the {args.pool or 'dev or holdout'} pool")
        pools = (own,)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from persona_pipeline.core.evidence.redaction.redactor import Redactor

    engines: dict[str, object] = {"after": Redactor(b"k" * 32)}
    if args.baseline:
        from redaction_bench import load_baseline

        engines = {"before": load_baseline(args.baseline)(b"k" * 32), **engines}
    results: dict[tuple[str, str], BlindScore] = {}
    for pool in pools:
        cases = generate(args.seed, pool, args.n, args.round_no)
        for name, eng in engines.items():
            t0 = time.process_time()
            sc = results[(pool, name)] = score(eng, cases)
            label = pool if args.round_no is None else f"{pool} r{args.round_no}"
            print(
                f"{label:8s} {name:6s}: secrets {100 * sc.recall('secret'):5.1f}%  pii {100 * sc.recall('pii'):5.1f}%  "
                f"FP {sum(sc.fps.values())}/{sum(sc.decoys.values())} decoys = {sc.fp_per_mb():.1f}/MB  "
                f"stray spans {sc.stray}  dropped {sc.dropped}  idempotent={sc.idempotent}  "
                f"({sc.mb:.2f} MB, {time.process_time() - t0:.1f} CPU-s)"
            )
    names = list(engines)
    print("| category | " + " | ".join(f"{p} {n}" for p in pools for n in names) + " |")
    print("|" + " --- |" * (1 + len(pools) * len(names)))
    for c in sorted(CATEGORIES, key=lambda c: (KIND[c] == "pii", c)):
        cells = [f"{results[(p, n)].hit.get(c, 0)}/{results[(p, n)].total.get(c, 0)}" for p in pools for n in names]
        if args.round_no is not None and all(cell.endswith("/0") for cell in cells):
            continue  # (a category with no family in the round)
        print(f"| {c} | " + " | ".join(cells) + " |")
    for c in DECOY_CATEGORIES:
        cells = [f"{results[(p, n)].fps.get(c, 0)}/{results[(p, n)].decoys.get(c, 0)} FP" for p in pools for n in names]
        if args.round_no is not None and all(cell.endswith("/0 FP") for cell in cells):
            continue
        print(f"| decoy {c} | " + " | ".join(cells) + " |")
    if args.by_wrapper:
        keys = sorted({k for sc in results.values() for k in sc.by_wrapper})
        for k in keys:
            cells = [results[(p, n)].by_wrapper.get(k, [0, 0]) for p in pools for n in names]
            print(f"| wrapper {k} | " + " | ".join(f"{a}/{b}" for a, b in cells) + " |")
    if "dev" not in pools:
        return
    dev = results[("dev", names[-1])]  # only the dev pool's failures are ever printed
    for cat_, text in [m for m in dev.misses if not args.only or m[0] == args.only][: args.misses]:
        print(f"MISS dev {cat_}: {text}")
    for cat_, text in dev.fp_texts[: args.fps]:
        print(f"FP dev {cat_}: {text!r}")
    for text in dev.stray_texts[: args.stray]:
        print(f"STRAY dev {text}")


if __name__ == "__main__":
    main()
