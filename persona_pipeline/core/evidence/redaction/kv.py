"""Structural key/value judgement of secrets: one extractor for assignments in every common syntax,
one judge of the key by its words.

A secret with no shape of its own is recognisable only by what names it. Rather than one pattern
per syntax it was seen in, the syntaxes that bind a value to a name are listed once here (`RULES`:
`K=V`, `K: V`, `"K": "V"`, `K := "V"`, typed keys, CLI flags, `setx`/`setenv`/`ENV`/`config set`
commands, `.netrc`-style `K V`, calls `setK("V")` and `f("K", "V")`, prose "the K is V"), every one
taking the same key fragment (`KEY`). The key is judged by its words (`key_strength`, which also
judges the labels of the rules `secrets` keeps: XML elements, k8s `name`/`value` pairs):
`dbPassword`, `DB_PASS`, `x-api-key`, `client.secret` name a secret; `password_policy`,
`token_uri`, `--password-file` name something about one. The value is judged by
`secrets._rejected` (the project's placeholder, reference and decoy policy), so the syntaxes
share one notion of what a secret value is.

The key patterns are RE2 (`matching.Rx`, run by `secrets`): no backtracking, linear in the text;
the value after a key is read by a bounded pattern (`VALUES`). Together they give the groups
`secrets._decide` reads for a labelled value: key, quote, quoted value, bare value.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from persona_pipeline.core.evidence.redaction.matching import Rx
from persona_pipeline.core.secret_words import FOREIGN_PASSWORD_WORDS

# "password" in other languages, as an ASCII key spells it (`mot_de_passe` is `passe` above)
_FOREIGN = "|".join(FOREIGN_PASSWORD_WORDS)
# A key holds one of these stems as a whole word of its own (its first letters may be glued to
# others: `dbpassword`, `xapikey`; it ends where the key does, at a separator or a camel hump), so
# `keyboard`, `tokenizer`, `SIGSEGV`, `Co-Authored-By` never reach the judge. The words are judged
# afterwards (`key_strength`, `counts`): `bypass`, `cache_key`, `token_uri`, `input_tokens: 12` reach it and fail.
_STEM = (
    r"(?i:pass(?:word|wd|phrase|code|wort|ord|e)?s?|pwd|pw|secrets?|tokens?|keys?|auth(?:orization|tok)?|"
    r"cred(?:entials?|s)?|sig(?:nature)?|signed|webhooks?|sid|cookies?|bearer|jwk|psk|community|keytabs?|"
    r"macaroons?|priv(?:ate)?|seed|mnemonic|" + _FOREIGN + ")"
)
# the characters a key is made of (ASCII: no case folding), the one definition KEY's runs and
# `key_end` share
_KEY_CLASS = "[A-Za-z0-9_.-]"
_TAIL = rf"(?:[._-]{_KEY_CLASS}*|[A-Z][a-z0-9]{_KEY_CLASS}*|[0-9]+(?:[._-]{_KEY_CLASS}*)?)"
# a session word names a secret only with more words (`session_token`, `sessionId`, `PHPSESSID`):
# a bare `session=` is a log's field as often as a cookie (`session_cookie`'s own rule weighs it)
_SESSION = rf"(?i:sess(?:ion)?)(?:(?i:_?id){_TAIL}?|{_TAIL})"
KEYWORDS = (
    "pass",
    "pw",
    "secret",
    "token",
    "key",
    "auth",
    "cred",
    "sig",
    "signed",
    "webhook",
    "sess",
    "cookie",
    "sid",
    "bearer",
    "jwk",
    "psk",
    "community",
    "keytab",
    "macaroon",
    "priv",
    "seed",
    "mnemonic",
    *_FOREIGN.split("|"),
)
KEY = rf"{_KEY_CLASS}*(?:{_STEM}{_TAIL}?|{_SESSION})"
# the stems in an upper-case environment variable's name (`DD_API_KEY`, `API_BEARER`)
_UPPER_STEM = "PASSWORD|PASSWD|PASS|PWD|SECRET|TOKEN|KEY|AUTH|BEARER|CREDENTIALS|CRED|PAT|PSK"
# what a wrapper puts before every line of a pasted block (see `secrets`): a quote's `>`, a
# comment's `#`, `//`, `*`, a diff's `+`, a JSON array of lines, a listing's line number
# (and `cat -n`'s number and tab, `kubectl logs --prefix`'s `[pod/name/container] ` tag: with a
# `/`, which our `[REDACTED:kind:hash]` placeholder never has, so a second pass reads the same)
PREFIX_ITEM = (
    r"[ \t]*(?:>|&gt;|#|//|\*|\+|\"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?\"|\"|,|[0-9]{1,6}[ \t]*[|:]|[0-9]{1,6}\t|"
    r"\[[A-Za-z0-9_.:@-]{1,60}/[A-Za-z0-9_.:/@-]{1,120}\][ \t])"
)
LINE_PREFIX = rf"(?:{PREFIX_ITEM})*[ \t]*"
# The value is read after the key's match, by a bounded pattern of its own (`VALUES`, Python `re`
# on at most `VALUE_WINDOW` characters: constant time a match): inside the RE2 pattern its counted
# repetition (`{4,200}`) multiplied the DFA's states (~20x the time a match), and an unbounded one
# let a long run (`token=…token=…`) make every search read to the end of the text.
# A value: quoted (a bytes literal or Go's `[]byte(` allowed before the quote), or bare up to a
# space, quote, separator or control character; a YAML type tag or anchor may stand before it.
# (an `@` before the quote: an Objective-C `NSString` literal, `@"V"`, or a C# verbatim string; two
# more quotes: a TOML or Python triple-quoted string, `"""V"""`)
# (up to 1024 characters: a signed URL's signature, RSA's in hex, or an STS session token runs past
# 200, and a value cut short leaves its tail)
_VALUE = r"""(?:(?:\[\]byte\(|\bb|@|""|'')?(["'`])([^"'`\r\n]{4,1024})["'`]|([^\s"'`,;<>\x00-\x1f]{4,1024}))"""
# an app password as its provider shows it: four groups of four lowercase letters (Google's app
# passwords, spaced, support.google.com/accounts/answer/185833; Apple's app-specific passwords are
# dashed, a bare value anyway), unquoted too (`SMTP_PASSWORD=abcd efgh ijkl mnop`, in prose)
_PROSE_VALUE = _VALUE.replace(r"|([^\s", r"|([a-z]{4}(?: [a-z]{4}){3}(?![A-Za-z0-9])|[^\s", 1)
_TAGGED = r"(?:(?:!![A-Za-z]{1,20}|&[A-Za-z0-9_-]{1,64})[ \t]+)?" + _PROSE_VALUE
_CALL_ARG = r"""(["'`])([^"'`\r\n]{4,1024})["'`][ \t]*[,)]()"""  # the call's first argument
_PAIR_ARG = r"""\\?(["'`])([^"'`\r\n]{4,1024})["'`]()"""  # the argument after a string key
VALUE_WINDOW = 1100
# a prose qualifier: "password for the staging db", "token of our bot"
_QUALIFIER = (
    r"(?:[ \t]+(?:for|of|on|to|at|from)[ \t]+(?:the[ \t]+|our[ \t]+|my[ \t]+|this[ \t]+|that[ \t]+|your[ \t]+)?"
    r"[A-Za-z0-9._@-]+(?:[ \t]+[A-Za-z0-9._-]+)?)"
)

# what a debugger or console shows after the line that asked for a value: the line break (maybe
# escaped), an output marker (`<`, `=>`, `Out[3]:`), gdb's history number and a pointer's address
_SHOWN = (
    r"(?:\r?\n|\\r\\n|\\n)[ \t]*(?:<|=>|<-|Out\[[0-9]+\]:)?[ \t]*(?:\$[0-9]+[ \t]*=[ \t]*)?"
    r"(?:0x[0-9a-fA-F]+[ \t]+)?"
)
# the value shown: quoted, or alone on its line (a console's next line may start with its own
# source prefix, `VM12:1 {…}`: no value)
_SHOWN_VALUE = _VALUE.replace(
    r"""|([^\s"'`,;<>\x00-\x1f]{4,1024}))""", r"""|([^\s"'`,;<>=\x00-\x1f]{4,1024})(?=[ \t]*(?:\r?\n|\\r|\\n|$)))"""
)
assert _SHOWN_VALUE != _VALUE
# a console shows a string it returns quoted (the next line may be any code: `ExecStart=…`)
_QUOTED_ONLY = r"""(["'`])([^"'`\r\n]{4,1024})["'`]()"""  # a quoted value, never a bare word
_QUOTED_SHOWN = r"""(?:@|""|'')?(["'`])([^"'`\r\n]{4,1024})["'`]()"""

# (kind, key pattern, value pattern): the key pattern (RE2) ends where the value starts, its one
# group the key; the value pattern's groups are quote, quoted value, bare value
RULES: list[tuple[str, str, str]] = [
    # K=V, K: V, "K": "V", K = "V", K := "V", K => "V", HCL/TOML/INI/properties/.env/YAML/JSON, a
    # connection string's `;K=V;`, a URL's `&K=V`, a cookie's `K=V;`, a header's `K: V`, a typed
    # key (`K: &str = "V"`, `K: String = "V"`)
    (
        "kv_assign",
        # (`os.environ["K"] = V`, `ENV['K'] = V`: the subscript's quote and bracket)
        # (a type is followed by ` =`: `Set-Cookie: sid=V` is a pair in a value, not `sid` typed; glued
        # to `=` only a reference or a capitalised type is one: `&str="V"`, `String= "V"`)
        rf"\b({KEY})\\?[\"']?(?:[ \t]*[\]}}])?[ \t]*(?::[ \t]*&?(?:'static[ \t]+)?[A-Za-z][A-Za-z0-9_<>]*[ \t]+=|"
        r":[ \t]*(?:&(?:'static[ \t]+)?[A-Za-z]|[A-Z][a-z])[A-Za-z0-9_<>]*=|"
        r":=|::=|\?=|\+=|\|\|=|\?\?=|=>|[:=])[ \t]*",
        _TAGGED,
    ),
    # a value in parentheses, maybe on the next line: Python's idiom for a string split into
    # adjacent literals (`K = (` / `"…"` / `"…"` / `)`; the decoded view joins the literals)
    ("kv_assign", rf"\b({KEY})[ \t]*=[ \t]*\([ \t]*(?:\r?\n[ \t]*)?", _PAIR_ARG),
    # a declaration with its type between the name and the value: PL/SQL and Ada (`K VARCHAR2(64) :=
    # 'V'`, `K : constant String := "V"`), COBOL (`01 K PIC X(32) VALUE 'V'`), ABAP (`CONSTANTS K TYPE
    # string VALUE 'V'`), SQL's column `DEFAULT 'V'`: one to three type words, a size in parentheses;
    # a quoted value, or a bare one only after `:=` (prose reads like type words and `default`/`value`:
    # "token expires by default 3600s")
    (
        "kv_assign",
        rf"\b({KEY})(?:[ \t]*:[ \t]*|[ \t]+)(?:[A-Za-z][A-Za-z0-9_]*(?:\([0-9, ]{{1,12}}\))?[ \t]+){{1,3}}"
        r":=[ \t]*",
        _TAGGED,
    ),
    (
        "kv_assign",
        rf"\b({KEY})(?:[ \t]*:[ \t]*|[ \t]+)(?:[A-Za-z][A-Za-z0-9_]*(?:\([0-9, ]{{1,12}}\))?[ \t]+){{1,3}}"
        r"(?:=|(?i:value|default)[ \t])[ \t]*",
        _QUOTED_ONLY,
    ),
    # Lisp's definitions and assignments (`(defparameter *K* "V")`, `(setq K "V")`, Clojure's `(def K
    # "V")`, Scheme's `(define K "V")`), CMake's `set(K "V")` / `set(ENV{K} "V")`, an Erlang or
    # Elixir tuple with an atom key (`{K, "V"}`)
    (
        "kv_assign",
        rf"\((?:defparameter|defvar|defconst|defconstant|setq|setf|define|def)[ \t]+\*?({KEY})\*?[ \t]+",
        _VALUE,
    ),
    ("kv_assign", rf"\bset\([ \t]*(?:ENV\{{)?({KEY})\}}?[ \t]+", _VALUE),
    # (a quoted or binary value only: JS/TS destructuring, `{ apiKey, baseUrl }`, is a tuple's shape)
    (
        "kv_assign",
        rf"\{{[ \t]*:?({KEY})[ \t]*,[ \t]*",
        r"""(?:<<)?(["'])([^"'\r\n]{4,1024})["']()""",
    ),
    # a property list's `<key>K</key>` and the `<string>V</string>` after it (a launchd job's
    # `EnvironmentVariables`, an app's Info.plist), on the next line too (its line break maybe escaped)
    (
        "kv_assign",
        rf"<key>({KEY})</key>[ \t]*(?:(?:\r?\n|\\r\\n|\\n)[ \t]*)?<string>",
        r"""(?:(["'])([^"'\r\n<]{4,1024})["']|([^\s"'<]{4,1024}))(?=</string>)""",
    ),
    # an `Authorization` header's scheme, then its credential (an opaque token needs no shape)
    (
        "kv_scheme",
        # (nginx's `proxy_set_header Authorization "Bearer V"`: no separator)
        # (and the schemes providers document for their keys: Splunk HEC's `Splunk`, Okta's `SSWS`,
        # Opsgenie's `GenieKey`, DeepL's `DeepL-Auth-Key`)
        r"(?i)\b(authorization|proxy-authorization)\\?[\"']?(?:[ \t]*[:=][ \t]*|[ \t]+)\\?[\"']?"
        # (Elasticsearch's `ApiKey`: elastic.co/guide/en/elasticsearch/reference/current/
        # security-api-create-api-key.html)
        r"(?:bearer|token|splunk|ssws|geniekey|deepl-auth-key|apikey)[ \t]+",
        _VALUE,
    ),
    # a flag and its value as a YAML sequence's items (a container's `args:`, `- --K` then `- V`)
    ("kv_flag", rf"(?m)^{LINE_PREFIX}-[ \t]+--?({KEY})[ \t]*(?:\r?\n){LINE_PREFIX}-[ \t]+", _VALUE),
    # CLI flags: --K V, --K=V, -K V
    ("kv_flag", rf"(?:^|[\s\"'])--?({KEY})(?:=|[ \t]+)", _VALUE),
    # a flag in an argument list: ["--K", "V"] (subprocess, a compose `command:`, a launch config)
    ("kv_arg", rf"[\"']--?({KEY})[\"'][ \t]*,[ \t]*", _PAIR_ARG),
    # commands that set a variable by position: `setx K V` (Windows), `setenv K V` (csh; Apache's
    # `SetEnv`), `set -gx K V` (fish), `ENV K V` (a Dockerfile's legacy form), `git config
    # user.password V`, `aws configure set K V`, `npm config set //registry/:_authToken V` (the key
    # after a registry's path)
    (
        "kv_command",
        # (the key follows the command and its flags: "config loaded: Passwort vergessen?" is prose)
        rf"(?m)(?:\b(?i:setx)[ \t]+|\b(?i:setenv)[ \t]+|\bset[ \t]+-[A-Za-z]+[ \t]+|^{LINE_PREFIX}ENV[ \t]+|"
        r"\bconfig(?:ure)?[ \t]+(?:set[ \t]+)?(?:--?[A-Za-z-]+[ \t]+){0,3}(?:[A-Za-z0-9_.:/@-]*[:/@])?)"
        rf"({KEY})[ \t]+",
        _VALUE,
    ),
    # a CLI that stores a variable or secret by position (`netlify env:set K V`, `dotnet
    # user-secrets set "Section:K" "V"`, `doppler secrets set K V`, `heroku config:set`), and a
    # network OS's `set K V` statement on a line of its own (FortiOS `set psksecret V`, Junos)
    (
        "kv_command",
        r"(?m)(?:\b(?:env:set|config:set|user-secrets[ \t]+set|secrets[ \t]+set|env[ \t]+set)[ \t]+"
        rf"\\?[\"']?(?:[A-Za-z0-9_.-]+:)*|^{LINE_PREFIX}set[ \t]+)({KEY})\\?[\"']?[ \t]+",
        _VALUE,
    ),
    # Tcl's `set env(K) "V"` (the environment array), and a CLI storing a named value by its flags,
    # `--name K --value V` (up to three other flags between: `secret:create --scope p --name K
    # --type t --value V`)
    (
        "kv_command",
        rf"\bset[ \t]+(?:::)?env\(({KEY})\)[ \t]+",
        _VALUE,
    ),
    (
        "kv_command",
        rf"--(?:name|key)(?:[ \t]+|=)\\?[\"']?({KEY})\\?[\"']?[ \t]+"
        r"(?:--?[A-Za-z][A-Za-z-]*(?:[ \t]+|=)[^\s-][^\s]*[ \t]+){0,3}--value(?:[ \t]+|=)",
        _VALUE,
    ),
    # a CI/CD platform's variable set by its name (`glab variable set K --value V`, `gitlab`/`circleci`
    # style CLIs): the name is the key; switches without an argument (`--masked`, `--protected`) may
    # stand between
    (
        "kv_command",
        r"\bvariables?[ \t]+(?:set|create|update|add)[ \t]+\\?[\"']?"
        rf"({KEY})\\?[\"']?[ \t]+(?:--?[A-Za-z][A-Za-z-]*(?:(?:[ \t]+|=)[^\s-][^\s]*)?[ \t]+){{0,3}}"
        r"--value(?:[ \t]+|=)",
        _VALUE,
    ),
    # an Android build's constant (`buildConfigField("String", "K", "\"V\"")`, developer.android.com,
    # build variants): the value is a Java string literal inside the Gradle string
    (
        "kv_command",
        rf"""\bbuildConfigField\([ \t]*\\*["']String\\*["'][ \t]*,[ \t]*\\*["']({KEY})\\*["'][ \t]*,[ \t]*"""
        r"""\\*["']\\+""",
        r"""(["'])([^"'`\\\r\n]{4,1024})\\()""",
    ),
    # a web server's header directive: nginx `proxy_set_header K "V"` / `add_header`, Apache
    # `RequestHeader set K "V"` / `Header set`
    # (HAProxy's `http-request set-header K V`, docs.haproxy.org; Caddy's `header_up K V` /
    # `header_down K V` in a `reverse_proxy` block, caddyserver.com/docs/
    # caddyfile/directives/reverse_proxy: a `+` adds the field; an app password's four spaced groups too)
    (
        "kv_command",
        rf"\b(?:proxy_set_header|add_header|more_set_headers|grpc_set_header|(?:Request)?Header[ \t]+"
        rf"(?:always[ \t]+)?(?:set|append|add|merge)|header_(?:up|down)[ \t]+\+?|http-(?:request|response)[ \t]+"
        rf"(?:set|add)-header)[ \t]*\\?[\"']?({KEY})\\?[\"']?[ \t]+",
        _PROSE_VALUE,
    ),
    # a key/value store's put by position: `consul kv put PATH V` (developer.hashicorp.com/consul/
    # commands/kv/put), `etcdctl put KEY V` (etcd.io/docs, etcdctl put): the key is the path's last
    # segment (`config/api/db_password`)
    (
        "kv_command",
        r"\b(?:consul[ \t]+kv[ \t]+put|etcdctl(?:[ \t]+--?[A-Za-z0-9_.:/=-]+)*[ \t]+put)[ \t]+"
        rf"(?:-[A-Za-z-]+(?:=[^\s]+)?[ \t]+)*\\?[\"']?(?:[A-Za-z0-9_.@-]*/)*({KEY})\\?[\"']?[ \t]+",
        _VALUE,
    ),
    # C's `#define K "V"`, nginx's `set $K V;` (one pattern: each key pattern costs the Set pass)
    (
        "kv_command",
        rf"(?m)(?:(?:^|[ \t|>:;]|<br[ \t]*/?>)#[ \t]*define[ \t]+|\bset[ \t]+\$)({KEY})[ \t]+",
        _VALUE,
    ),
    # a variable's default in code: Ruby's `ENV.fetch("K") {{ "V" }}`, JavaScript's
    # `process.env.K || "V"` / `?? "V"` (the value used wherever the variable is unset)
    (
        "kv_arg",
        rf"""(?:\bfetch\([ \t]*\\?["']|\benv\.)({KEY})(?:\\?["'][ \t]*\)[ \t]*\{{|[ \t]*(?:\|\||\?\?))[ \t]*""",
        _PAIR_ARG,
    ),
    # a two-column table: a CSV row `K,V,…` (a line of its own, or after an HTML `<br>`), a
    # Markdown row `| K | V |` (the value alone in its cell)
    # (the key an environment variable's name, upper case: a line starting with any word that holds
    # a key word was too common a start for the rules' one Set pass)
    # (a tab-separated row too, `K<TAB>V<TAB>…`: a listing of variables, a TSV export; its tab maybe
    # JSON-escaped)
    (
        "kv_assign",
        rf"(?m)(?:^|<br[ \t]*/?>){LINE_PREFIX}([A-Z][A-Z0-9_]*(?:{_UPPER_STEM})[A-Z0-9_]*),",
        _VALUE,
    ),
    # (a tab after the name is a table's cell wherever the row starts: a numbered listing, a log's prefix)
    ("kv_assign", rf"\b([A-Z][A-Z0-9_]*(?:{_UPPER_STEM})[A-Z0-9_]*)(?:\t|\\t)", _VALUE),
    ("kv_assign", rf"\|[ \t]*`?({KEY})`?[ \t]*\|[ \t]*", _VALUE + r"(?=[ \t]*\|)"),
    # a validation error quoting the value it refused: `invalid db_password 'V'` (the same policy
    # as prose: the value must look generated)
    ("kv_prose", rf"\binvalid[ \t]+({KEY})[ \t]+", r"(?=\\?[\"'`])\\?" + _VALUE),
    # a call without parentheses at a line's start (Groovy / Gradle `storePassword 'V'`, Ruby): the
    # value quoted
    # (not a block's label: `credentials "app.terraform.io" {`)
    # (the quote is part of the key's match, so a line starting "password reset" is no candidate;
    # the value pattern looks behind for it)
    (
        "kv_assign",
        rf"(?m)(?:^|<br[ \t]*/?>){LINE_PREFIX}(?:--[ \t]+)?({KEY})[ \t]+[\"']",
        r"(?<=([\"']))([^\"'`\r\n]{4,200})[\"']()(?![ \t]*\\?\{)",
    ),
    # a call named for the key: setK("V"), withK("V"), .K("V"), K("V")
    ("kv_arg", rf"(?:\b|\.)({KEY})\([ \t]*", _CALL_ARG),
    # a store's setter whose last argument is the value after the names that file it: Python
    # keyring's `set_password(service, user, V)`, `setSecret(scope, name, V)`
    (
        "kv_arg",
        rf"""(?:\b|\.)({KEY})\((?:[ \t]*\\?["'][^"'\\\r\n]{{1,100}}\\?["'][ \t]*,){{1,2}}[ \t]*""",
        _CALL_ARG,
    ),
    # a browser test filling a form field found by its label, placeholder or selector: Playwright's
    # `getByLabel('K').fill('V')`, Cypress's `cy.get('#K').type('V')`, Selenium's
    # `find_element(By.ID, "K").send_keys("V")`, WebdriverIO's `$('#K').setValue('V')`
    (
        "kv_arg",
        r"""(?:\b(?:getByLabel|getByPlaceholder|getByTestId|locator|get|find_element|findElement)|\$)\("""
        # (the field's name holds a key word: every rule's match carries one of its keywords)
        rf"""(?:[A-Za-z_.]{{1,30}}[ \t]*,[ \t]*)?\\?["']([^"'\\\r\n]{{0,40}}{_STEM}[^"'\\\r\n]{{0,20}})"""
        r"""\\?["'][ \t]*\)[ \t]*\.[ \t]*"""
        r"(?:fill|type|send_keys|sendKeys|setValue|pressSequentially)\([ \t]*",
        _CALL_ARG,
    ),
    # a call or map entry keyed by a string: put("K", "V"), setProperty("K", "V"), Map.of("K", "V"),
    # {"K", "V"} (a C++/Go initializer), [("K", "V")], [["K", "V"]] (a list of pairs); the
    # arguments may each stand on a line of their own (one line break, bounded: linear)
    (
        "kv_arg",
        rf"""[({{\[](?:[ \t]*\r?\n)?[ \t]*\\?["']({KEY})\\?["'][ \t]*,"""
        r"(?:[ \t]*\r?\n)?[ \t]*",
        _PAIR_ARG,
    ),
    # Kotlin's pair: mapOf("K" to "V")
    ("kv_arg", rf"""["']({KEY})["'][ \t]+to[ \t]+""", _PAIR_ARG),
    # a `.netrc` (`login U password V`, one line or several) or any `K V` after a user
    (
        "kv_space",
        rf"\b(?:login|user|username|account)[ \t]+[^\s]+(?:[ \t]+|[ \t]*\r?\n[ \t]*)({KEY})[ \t]+",
        _VALUE,
    ),
    # a tab-separated row (a spreadsheet's cells pasted, a CLI's TSV output): K in its own cell, a
    # tab, V in the next one
    ("kv_assign", rf"(?m)(?:^|\t)[ \t>]*({KEY})\t[ \t]*", _VALUE),
    # a command's `-p` after its user (`-u U`, `-U U`, `-l U`, `--user U`): the user's password
    # (`-p 5432`, `-p 8080:80`, `-p dbname` are a port or a name: the password policy wants a
    # generated value); the key is the flag, judged as `password` (`secrets._kv_key`)
    (
        "kv_userflag",
        r"(?:^|[\s\"'])(?:-[uUl]|--user|--username|--login)(?:[ \t]+|=)[^\s-][^\s]*[^\r\n|;&]*?[ \t]"
        r"(-[pP]|--pass)(?:[ \t]+|=)",
        _VALUE,
    ),
    # a terminal's echo of a variable: `$ echo $K` (or `${K}`, quoted), then its value alone on
    # the next line (a prompt, `user@host:~$`, is no value)
    (
        "kv_echo",
        # (the line break may be an HTML view's `<br>`; a folded paste puts a blank line between)
        rf"(?m)\b(?:echo|printenv)[ \t]+\"?\$?\{{?({KEY})\}}?\"?[ \t]*"
        rf"(?:\r?\n|<br[ \t]*/?>)(?:[ \t]*\r?\n)?{LINE_PREFIX}",
        r"(?![^\s@]*@[^\s:]*:)" + _VALUE + r"(?=[ \t]*(?:\r?\n|<br[ \t]*/?>|$))",
    ),
    # a shell's bare read of an environment variable, then the value it prints on the next line:
    # Nushell's `$env.K`, PowerShell's `$env:K`
    (
        "kv_echo",
        rf"(?m)(?:^|[\s>])\$env[.:]({KEY})[ \t]*(?:\r?\n|(?:\\r)?\\n|<br[ \t]*/?>)(?:[ \t]*\r?\n)?{LINE_PREFIX}",
        r"(?![^\s@]*@[^\s:]*:)" + _VALUE + r"(?=[ \t]*(?:\r?\n|(?:\\r)?\\n|<br[ \t]*/?>|\\?[\"']|$))",
    ),
    # an upper-case environment variable's name, a space, then its value, as a log line or prose
    # prints it (`loaded API_TOKEN V from vault`): the value must look generated (prose's policy);
    # the name ends at its secret word (a number after it at most: `TOKEN_2`), as a word after it
    # names something else (`SIGNING_KEY_ALGORITHM RS256`, a table's `…_KEY_FIELD`)
    (
        "kv_prose",
        rf"\b([A-Z][A-Z0-9]*_[A-Z0-9_]*(?:{_UPPER_STEM})S?(?:_?[0-9]+)?)[ \t]+",
        _VALUE,
    ),
    # a debugger's or console's print of a variable, then the value it shows on the next line: gdb's
    # `p cfg->K` / `$1 = 0x… "V"`, lldb's `po`, pdb's `p self.K` / `'V'`, a browser console's
    # `> localStorage.getItem('K')` / `< 'V'`, a REPL's `ENV['K']` / `=> "V"`
    (
        "kv_echo",
        rf"\b(?:p|print|po|call|display)[ \t]+(?:[A-Za-z_][A-Za-z0-9_]*(?:->|\.))*({KEY})[ \t]*{_SHOWN}",
        _SHOWN_VALUE,
    ),
    (
        "kv_echo",
        rf"""(?:\b(?:getItem|getenv|get|getProperty)\(|\b(?:environ|ENV)\[)[ \t]*\\?["']({KEY})\\?["'][ \t]*[\])]"""
        + _SHOWN,
        _QUOTED_SHOWN,
    ),
    # prose: "the K is V", "K for the staging db: V", "K was V"
    (
        "kv_prose",
        rf"\b({KEY}){_QUALIFIER}?(?:[ \t]+(?:is[ \t]+now|is[ \t]+still|is|was|are)[ \t]*:?[ \t]+|"
        rf"{_QUALIFIER}[ \t]*:[ \t]+)",
        _PROSE_VALUE,
    ),
]
VALUES = [re.compile(v, re.ASCII) for _, _, v in RULES]
# A rule whose key opens its match (`KEY_LEAD`) and is followed by a quote, bracket, space or
# separator (no key character) has for key the run of key characters at the match's start. Such a
# rule runs without its group (RE2 finds a match's bounds by its DFAs alone, with no submatch pass:
# half the time a match) and the key is read after it (`key_end`).
KEY_LEAD = rf"\b({KEY})"
KEY_RUN_KINDS = frozenset({"kv_assign"})
_KEY_CHARS = re.compile(rf"{_KEY_CLASS}*")


def key_run(kind: str, pattern: str) -> bool:
    """Whether a rule's key is the run of key characters its match opens with (it runs keyless).
    (A `kv_assign` rule whose key stands after a line prefix or a cell's bar keeps its group.)"""
    return kind in KEY_RUN_KINDS and pattern.startswith(KEY_LEAD)


def check_key_runs(rules: list[tuple[str, str, str]]) -> None:
    """Raise unless every `key_run` rule reads its key as `key_end` does: KEY matches key characters
    only, and what follows the key can neither be empty nor start with a key character (else the
    run would read on past the key the group took)."""
    key_chars = frozenset(c for c in map(chr, range(128)) if _KEY_CHARS.fullmatch(c))
    if not first_chars(KEY, every=True)[0] <= key_chars:
        raise ValueError("KEY matches a character outside its key class")
    for kind, pattern, _ in rules:
        if not key_run(kind, pattern):
            continue  # (its key stands after a prefix: it keeps its group)
        first, nullable = first_chars(pattern[len(KEY_LEAD) :])
        if nullable or first & key_chars:
            raise ValueError(f"a {kind} rule's separator may start with a key character")


def first_chars(pattern: str, every: bool = False) -> tuple[frozenset[str], bool]:
    """The characters a match of `pattern` (Python `re` syntax, ASCII) can start with (`every`: can
    hold anywhere), and whether it can be empty. A class it cannot bound (a negated class, `.`, a
    category) counts as all of ASCII, so a check over it fails rather than passes unchecked."""
    # (the stdlib's own parser of the pattern; used at import only, for one check)
    from re import _constants as c  # type: ignore[attr-defined]
    from re import _parser  # type: ignore[attr-defined]

    ascii_all = frozenset(map(chr, range(128)))

    def item_chars(op: object, av: object, fold: bool) -> frozenset[str]:
        if op is c.LITERAL:
            out = {chr(av)}  # type: ignore[arg-type]
        elif op is c.IN and all(o in (c.LITERAL, c.RANGE) for o, _ in av):  # type: ignore[attr-defined]
            out = set()
            for o, a in av:  # type: ignore[attr-defined]
                out |= {chr(a)} if o is c.LITERAL else set(map(chr, range(a[0], a[1] + 1)))
        else:
            return ascii_all
        return frozenset(out | {x.swapcase() for x in out} if fold else out)

    def walk(items: object, fold: bool) -> tuple[frozenset[str], bool]:
        chars: frozenset[str] = frozenset()
        for op, av in items:  # type: ignore[attr-defined]
            if op is c.AT:
                continue  # zero width
            if op is c.SUBPATTERN:
                sub = walk(av[3], fold or bool(av[1] & c.SRE_FLAG_IGNORECASE))
            elif op is c.BRANCH:
                subs = [walk(b, fold) for b in av[1]]
                sub = (frozenset().union(*(x[0] for x in subs)), any(x[1] for x in subs))
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                inner = walk(av[2], fold)
                sub = (inner[0], inner[1] or av[0] == 0)
            else:
                sub = (item_chars(op, av, fold), False)
            chars |= sub[0]
            if not (sub[1] or every):
                return chars, False
        return chars, True

    return walk(_parser.parse(pattern), False)


check_key_runs(RULES)  # (a raise, not an assert: `python -O` keeps it)


def keyless(pattern: str) -> str:
    """A `key_run` rule's pattern without its group."""
    return r"\b(?:" + pattern[len(r"\b(") :]


def key_end(text: str, start: int) -> int:
    """The end of the run of key characters at `start`."""
    return _KEY_CHARS.match(text, start).end()  # type: ignore[union-attr]


# the words one of which every match holds (the keyword fallback runs a rule only where one occurs)
RULE_KEYWORDS = [("-p", "--pass") if kind == "kv_userflag" else KEYWORDS for kind, _, _ in RULES]
KINDS = frozenset(k for k, _, _ in RULES)
# the value policy (`secrets._rejected`'s kind) each syntax takes: a labelled value, or a password
# in prose (it must look generated: "the token is valid" labels no value)
POLICY = {
    "kv_assign": "env_secret",
    "kv_scheme": "env_secret",
    "kv_flag": "env_secret",
    "kv_arg": "env_secret",
    "kv_command": "env_secret",
    "kv_space": "password",
    "kv_userflag": "password",
    "kv_echo": "env_secret",
    "kv_prose": "password",
}

# (a number is a word of its own: `TOKEN2` -> token, 2)
_CAMEL = Rx(r"[A-Z]?[a-z]+|[A-Z]+(?:[a-z]+)?|[0-9]+")


def words(key: str) -> list[str]:
    """The key's words, lowercased: split at `_ . - :` and camel humps (`dbPassword` -> db,
    password; `DB_PASS` -> db, pass; `x-api-key` -> x, api, key)."""
    out: list[str] = []
    for chunk in key.replace("-", "_").replace(".", "_").replace(":", "_").split("_"):
        if chunk:
            out.extend(chunk[a:b].lower() for ((a, b),) in _CAMEL.finditer(chunk))
    return out


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# words that name a secret by themselves
_SECRET_WORDS = _set(
    "password passwords passwd passphrase passcode pass passe pwd pw passwort passord secret secrets token tokens "
    # (`psk`: a pre-shared key, WPA-PSK's passphrase or an IPsec one)
    "credential credentials creds psk apikey privatekey accesskey secretkey accountkey signingkey "
    # (`authtok`: PAM's and SSSD's word for the password, sssd-ldap(5) `ldap_default_authtok`)
    "encryptionkey masterkey authtoken accesstoken refreshtoken sessiontoken authtok "
    # (a Kerberos keytab holds a principal's long-term keys, MIT krb5 `ktutil`; a macaroon is a
    # bearer credential with caveats, as LND and Google's paper define it)
    "keytab keytabs macaroon macaroons "
    # (Redis' replica and server passwords, redis.conf)
    "masterauth requirepass " + _FOREIGN.replace("|", " ")
)
# words that make the word before them a secret's name: an api key, a private key, a session token
_KEY_QUALIFIERS = _set(
    "api private access secret account signing encryption decryption master client license storage shared sas "
    "app auth hmac jwt session aes cipher crypto service admin root server write webhook"
)
# words that name a secret only when the value looks generated (`key`, `auth`, a signature)
# (`api_bearer`: a bearer token by name, a generated value; `bearer_only: true` is a switch)
# (`pat`: a personal access token, `AZURE_DEVOPS_EXT_PAT`; as a word of its own it is a name too)
_WEAK_WORDS = _set("key keys auth sig signature cred salt cookie authorization bearer pat pats")
_SESSION_WORDS = frozenset(("session", "sess"))
_SESSION_SUFFIXES = frozenset(("id", "key", "token", "cookie", "secret"))
# a key's last word naming something about the secret, not the secret: a reference, not a value
_META = _set(
    "name names id ids arn path file files ref type types field header version ttl len length env var manager "
    "store prefix count rotation policy provider scope uri url urls endpoint host method mode format size "
    "expiry expires expiration lifetime timeout dir algorithm alg kind label hint limit usage location source "
    "required enabled strength reset regex pattern input prompt stdin "
    # (a user interface's text about the secret: an i18n catalogue's `auth.apiKey.help`, a form's
    # `password_placeholder`, a field's `token.tooltip`; the text shown, never the secret)
    "help placeholder tooltip caption title subtitle heading description desc instructions"
)
META_WORDS = _META
# a message class's last word (PEP 8 names exceptions `…Error`): `NoCredentialsError: Unable to…`
# is a message about a secret. Only a class name followed by prose says so (`message_class`): the
# key's other words decide otherwise (`DB_PASSWORD_ERROR=V` is a password)
_MESSAGE_WORDS = _set("error errors exception exceptions warning warnings")
_CLASS_NAME = re.compile(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*")
# prose after a class name: a word of letters, a space, another word (`: Unable to locate…`)
_PROSE_MESSAGE = re.compile(r"[ \t]*:[ \t]+[A-Za-z][a-z']*,?[ \t]+[A-Za-z]")
# a key's first word making it a count or a switch about secrets (`max_tokens`, `use_auth`)
_SWITCH_FIRST = _set("max min num n total is has use enable disable no allow require show")
# verbs naming an action on a secret: `getPassword("svc")`, `hashPassword("x")` take no secret value
_ACTION_FIRST = _set(
    "get read load fetch find check verify validate hash encrypt decrypt encode decode reset generate "
    "create delete remove revoke rotate parse sign is has print log show mask redact compare match lookup "
    "resolve request prompt ask input clear forgot forget test expect assert render format"
)
# the same words glued into one (`dbpassword`, `clientsecret`, `xapikey`)
_GLUED = tuple(
    _set(
        "password passwd secret apikey privatekey accesskey credential encryptionkey signingkey accountkey "
        "masterkey clientkey licensekey"
    )
)
_PUBLIC = frozenset(("public", "pub", "publishable"))
# a key pair's private half named by its last word alone, as node and wallet configs write it
# (`private:` beside `public:`, `priv`, an Ed25519 or BIP-32 `seed`, a BIP-39 `mnemonic`): a word
# other configs use for switches and counts too (`"private": true`, `seed: 42`), so only a value
# of a key's length and alphabet is one (`private_half`, `key_material`)
_PRIVATE_HALF = _set("private priv seed mnemonic")
# a key's last word naming the encoding its value is written in (the value is the secret still)
_ENCODINGS = _set("b64 base64 hex b32 base32 pem der encoded")
# a list call's position (Google's AIP-158 `page_token` / `next_page_token`, Azure's
# `continuationToken`, Graph's `skipToken` / `deltaToken`): public by its VALUE only, base64 JSON
# of position fields (`{"page": 3, "size": 50}`); the name alone let real tokens through
# (`FB_PAGE_TOKEN=EAAG…`, `NOTION_PAGE_TOKEN=secret_…`)
_PAGINATION = _set("page continuation skip delta")
_POSITION_FIELDS = frozenset(
    ("page", "offset", "cursor", "size", "limit", "skip", "start", "sort", "order", "after", "before", "index")
)


# the Fetch standard's RequestCredentials enum (WHATWG Fetch, `RequestInit.credentials`): whether a
# request sends cookies, a mode and never a secret (a browser's "Copy as fetch" writes
# `"credentials": "include"`)
_FETCH_CREDENTIALS_MODES = frozenset(("omit", "same-origin", "include"))


def fetch_credentials_mode(key: str, value: str) -> bool:
    """Whether `key: value` is a fetch request's credentials mode (`credentials: "include"`)."""
    return value in _FETCH_CREDENTIALS_MODES and words(key)[-1:] == ["credentials"]


def pagination_cursor(key: str, value: str) -> bool:
    """Whether a `…page_token`-style key holds a cursor: base64 JSON whose fields are positions
    (numbers or short words), nothing else."""
    parts = words(key)
    if len(value) > 200 or parts[-1:] != ["token"] or not parts[-2:-1] or parts[-2] not in _PAGINATION:
        return False
    try:
        obj = json.loads(base64.b64decode(value + "=" * (-len(value) % 4), validate=True))
    except (binascii.Error, ValueError):
        return False
    return (
        isinstance(obj, dict)
        and bool(obj)
        and all(
            k in _POSITION_FIELDS
            and (isinstance(v, int) or (isinstance(v, str) and len(v) <= 24 and v.replace("_", "").isalnum()))
            for k, v in obj.items()
        )
    )


# a link that is a credential by itself: a signed URL (its signature grants access until it
# expires, S3's presigned URLs, a CDN's signed URLs) and a webhook's URL (its path is its secret)
_LINK_SECRET = _set("signed presigned webhook webhooks")
_LINK_WORDS = _set("url uri link urls signed presigned webhook webhooks")
_JWK_PRIVATE = _set("d p q dp dq qi k private")


def link_key(key: str) -> bool:
    """Whether the key names a link that is a credential by itself (`SIGNED_URL`, `CHAT_WEBHOOK`)."""
    parts = words(key)
    return bool(parts) and parts[-1] in _LINK_WORDS and not _LINK_SECRET.isdisjoint(parts)


# English words ending in `pass`: no password label when glued
_PASS_WORDS = ("bypass", "compass", "encompass", "surpass", "trespass", "overpass", "underpass", "impass")


# a CAPTCHA's site key is the public half of its pair, embedded in every page that shows the
# widget; the pair's private half is its secret key (reCAPTCHA, hCaptcha, Turnstile). Only the
# vendor's name in the key, or the widget's own `data-sitekey` attribute, tells it from any other
# site's key (`WEBSITE_KEY`, a bare `SITE_KEY`)
_CAPTCHA_WORDS = ("captcha", "turnstile")


def _captcha_site_key(parts: list[str], joined: str) -> bool:
    if parts[-2:] == ["site", "key"] or parts[-1:] == ["sitekey"]:
        return parts[:-1] == ["data"] or any(w in joined for w in _CAPTCHA_WORDS)
    return False


@lru_cache(maxsize=8192)
def key_strength(key: str) -> int:
    """2: the key names a secret (password, token, client secret, api key, session token...);
    1: only maybe (`key`, `auth`, `sig`, a cookie, a session id: the value must look generated);
    0: it names something about a secret (`token_uri`, `password_policy`, `secret_name`), a count
    or switch (`max_tokens`, `use_auth`), the public half of a pair, or no secret at all."""
    parts = words(key.lstrip("-"))
    while parts and parts[-1].isdigit():
        parts.pop()  # a numbered key (`TOKEN2`, `DB_PASSWORD2`): its words decide
    if len(parts) > 1 and parts[-1] in _ENCODINGS:
        parts.pop()  # `SIGNING_KEY_HEX`, `KEYTAB_BASE64`: the same secret, encoded for a variable
    if parts[-1:] and parts[-1] in _MESSAGE_WORDS:
        parts.pop()  # `PASSWORD_ERROR`, `SecretWarning`: the other words decide (see `message_class`)
    if parts[-1:] and parts[-1] in _LINK_WORDS and _LINK_SECRET.intersection(parts) and parts[0] not in _SWITCH_FIRST:
        return 1  # `SIGNED_URL`, `presignedUrl`, `CHAT_WEBHOOK`: a link whose own text grants access
    if not parts or parts[-1] in _META or parts[0] in _SWITCH_FIRST:
        return 0
    if "jwk" in parts and not _SECRET_WORDS.intersection(parts):
        # a JWK's private members (RFC 7518: `d`, RSA's `p` `q` `dp` `dq` `qi`, an octet key's `k`);
        # `x`, `y`, `n`, `e`, `kid` are public
        return 1 if parts[-1] in _JWK_PRIVATE else 0
    joined = "".join(parts)
    public = _PUBLIC.intersection(parts) or joined.startswith("pubkey") or _captcha_site_key(parts, joined)
    if public and not any(w in joined for w in ("private", "secret", "password", "passwd")):
        return 0  # the public half of a key pair, a publishable key: meant to be shared
    for i, p in enumerate(parts):
        if p in _SECRET_WORDS:
            return 2
        if p in ("key", "keys") and i and parts[i - 1] in _KEY_QUALIFIERS:
            return 2  # api key, private key, client key (split words of the glued compounds above)
        if p in _SESSION_WORDS and parts[i + 1 : i + 2] and parts[i + 1] in ("token", "secret", "key"):
            return 2
    if parts[-1] in _PRIVATE_HALF:
        return 1  # `private: V`, `node_seed: V`: a key's private half when V is key material (`key_material`)
    if any(w in joined for w in _GLUED):
        return 2  # glued: `dbpassword`, `clientsecret`, `xapikey`
    if joined.endswith(("pass", "pwd")) and not joined.endswith(_PASS_WORDS):
        return 2  # glued: `storepass`, `adminpwd` (not `bypass`, `compass`)
    if joined.endswith("pw") and len(joined) > 3:
        return 1  # glued, OpenLDAP's `rootpw`, nslcd's `bindpw`: two letters end many a name (`ypw`)
    if "community" in parts and "snmp" in joined:
        return 2  # an SNMP community string: SNMPv1/v2c's password (RFC 1157, section 3.2.5)
    if _WEAK_WORDS.intersection(parts) or joined.endswith(("token", "key")):
        return 1
    if (
        joined in ("sessionid", "sessid", "phpsessid", "jsessionid")
        or parts[-1] in ("sid", *_SESSION_WORDS)
        or (_SESSION_WORDS.intersection(parts) and parts[-1] in _SESSION_SUFFIXES)
    ):
        return 1  # a session cookie (`_app_session`, `sid`), a session's id: a credential when it looks generated
    return 0


def message_class(text: str, key_start: int, key_end: int) -> bool:
    """Whether the key at key_start:key_end is a message class's name followed by its message
    (`NoCredentialsError: Unable to locate credentials`, `a.b.InvalidTokenException: Token has
    expired`): CamelCase, its last word `Error`/`Exception`/`Warning`, then `: ` and prose. A
    snake_case or UPPER_CASE key (`DB_PASSWORD_ERROR`) or a generated-looking value is no message."""
    name = text[key_start:key_end].rsplit(".", 1)[-1]
    if _CLASS_NAME.fullmatch(name) is None or words(name)[-1] not in _MESSAGE_WORDS:
        return False
    return _PROSE_MESSAGE.match(text, key_end) is not None


def call_key(key: str) -> str:
    """The key a call names (`setDbPassword` -> `DbPassword`, `withApiKey` -> `ApiKey`), or ""
    when the call acts on a secret rather than sets one (`getPassword`, `hashPassword`)."""
    parts = words(key)
    if not parts or parts[0] in _ACTION_FIRST:
        return ""
    for prefix in ("set", "with", "put", "use", "add"):
        if parts[0] == prefix and len(parts) > 1:
            return key[len(prefix) :].lstrip("_")
    return key


_PASSWORD_WORDS = _set("password passwords passwd passphrase passcode pass passe pwd pw passwort passord") | _set(
    _FOREIGN.replace("|", " ")
)


def placeholder_kind(key: str) -> str:
    """The placeholder type of a value under this key, in the names the other rules use: a
    password, an api key, a session cookie (a session word and no secret word: `SESSION_SECRET`
    signs cookies, it is none), or the generic labelled secret."""
    parts = words(key)
    joined = "".join(parts)
    if _PASSWORD_WORDS.intersection(parts):
        return "password"
    if "password" in joined or joined.endswith(("pass", "pwd")):
        return "password"
    if "apikey" in joined:
        return "api_key"
    if _SECRET_WORDS.intersection(parts) or any(w in joined for w in _GLUED):
        return "env_secret"
    if _SESSION_WORDS.intersection(parts) or "cookie" in parts or joined in ("sessionid", "sid"):
        return "session_cookie"
    return "env_secret"


def name_like(value: str) -> bool:
    """A lowercase name (`prod-db-creds`, `my_secret`, `db.password`): in a call, a secret's name
    more often than the secret."""
    bare = value.replace("-", "").replace("_", "").replace(".", "").replace("/", "")
    return bare.isalpha() and bare.islower()


def slug_like(value: str) -> bool:
    """A lowercase slug with numbers (`db-creds-v2`, `job_2024_abc`, `user_123456789`) or a version
    (`v2.0.1`): a name even where the digits make it look random."""
    return _SLUG.fullmatch(value) is not None or _VERSION.fullmatch(value) is not None


# (each word letters then a short number, or a number; a word of its own between separators: a
# generated run glues letters and digits in any order, `a3f9c2e1`)
_SLUG = re.compile(r"[a-z]+[0-9]{0,4}(?:[-_./](?:[a-z]+[0-9]{0,4}|[0-9]+))+|[0-9]+(?:[-_./][a-z]+[0-9]{0,4})+")
_VERSION = re.compile(r"v?[0-9]+(?:\.[0-9]+)+(?:[-+][a-z0-9.]+)?")


def flag_password(value: str) -> bool:
    """Whether the value of a `-p` after a user looks generated (mixed case, a symbol, or a long run
    of letters and digits): `-p mydatabase2` names a database."""
    if any(map(str.isupper, value)) and any(map(str.islower, value)):
        return True
    if not value.isalnum():
        return True
    return len(value) >= 12 and any(map(str.isalpha, value)) and any(map(str.isdigit, value))


def plural(key: str) -> bool:
    """Whether the key ends in a plural of `tokens`/`keys` (`API_KEYS`, `GITHUB_TOKENS`)."""
    return words(key)[-1:] in (["tokens"], ["keys"])


def counts(key: str, value: str) -> bool:
    """Whether a plural key holds a count (`input_tokens: 1234`, `"total_tokens": 98765`): a number
    under `tokens`/`keys`, which otherwise name a list of secrets (`API_KEYS=V1,V2`)."""
    return plural(key) and _COUNT.fullmatch(value) is not None


_COUNT = re.compile(r"[0-9][0-9_,]*(?:\.[0-9]+)?[kKmM]?")  # 1234, 12_000, 98,765, 1.5k


def private_half(key: str) -> bool:
    """Whether the key's last word alone names a key pair's private half (`private`, `priv`,
    `seed`, `mnemonic`), a word that labels a secret only before key material."""
    parts = words(key.lstrip("-"))
    while len(parts) > 1 and (parts[-1].isdigit() or parts[-1] in _ENCODINGS):
        parts.pop()
    return bool(parts) and parts[-1] in _PRIVATE_HALF and key_strength(key) == 1


_HEX_KEY = re.compile(r"(?:0x)?(?:[0-9a-f]{32}|[0-9a-f]{64}|[0-9a-f]{128}|[0-9A-F]{32}|[0-9A-F]{64}|[0-9A-F]{128})")
_HEX_RUN = re.compile(r"(?:0x)?[0-9a-fA-F]+")
_B58_KEY = re.compile(r"[1-9A-HJ-NP-Za-km-z]{43,90}")
_CIDV0 = re.compile(r"Qm[1-9A-HJ-NP-Za-km-z]{44}")
_B64_KEY = re.compile(r"[A-Za-z0-9+/_-]{22,88}={0,2}")
# a BIP-39 phrase's shape: 12 to 24 words of 3 to 10 lower-case letters (the Latin-letter lists' words,
# accents included), one space apart
_MNEMONIC = re.compile(r"[a-zà-öø-ÿ]{3,10}(?: [a-zà-öø-ÿ]{3,10}){11,23}")


def key_material(value: str) -> bool:
    """Whether a value has a private key's or seed's length and alphabet: 16, 32 or 64 bytes in
    hex (`0x` allowed), base58 of 32 to 64 bytes (an Ed25519 seed or keypair, a WIF key), base64
    of 16 to 64 bytes, or a BIP-39 phrase (12, 15, 18, 21 or 24 words)."""
    if _HEX_KEY.fullmatch(value):
        return True
    if _HEX_RUN.fullmatch(value):
        return False  # hex of another length: a digest or a commit (`seed: <sha1>`), no key
    if mnemonic_phrase(value):
        return True
    if _CIDV0.fullmatch(value):
        return False  # an IPFS CIDv0 (a SHA-256 multihash, `Qm…`): a content address, public
    if _B58_KEY.fullmatch(value) or _B64_KEY.fullmatch(value):
        # (random bytes in base58/base64 hold upper, lower and digits; a path or an identifier
        # of one case does not: `scripts/seed-db`, `VFMADD231PS_ZMM`)
        body = value.rstrip("=")
        mixed = any(map(str.isupper, body)) and any(map(str.islower, body)) and any(map(str.isdigit, body))
        return mixed and 16 <= len(body) * 3 // 4 <= 66 and len(body) % 4 != 1
    return False


# BIP-39's official word lists in Latin letters (provenance in NOTICE.md beside them); a phrase is drawn
# from one list. Accents are compared folded: the lists' own note says a wallet reads `n` for `ñ`.
_BIP39_LISTS = ("english", "french", "italian", "czech", "portuguese", "spanish")


def _unaccented(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@cache
def bip39_lists() -> tuple[frozenset[str], ...]:
    """The BIP-39 word lists of `_BIP39_LISTS`, each word without its accents."""
    folder = Path(__file__).parent
    return tuple(
        frozenset(_unaccented(w) for w in (folder / f"bip39_{name}.txt").read_text(encoding="utf-8").split())
        for name in _BIP39_LISTS
    )


def bip39_words() -> frozenset[str]:
    """The BIP-39 English word list."""
    return bip39_lists()[0]


_PHRASE_LENGTHS = (24, 21, 18, 15, 12)  # (BIP-39: 128 to 256 bits of entropy, 32 more per three words)


def phrase_prefix(words: list[str]) -> int:
    """How many of the leading `words` form the longest BIP-39 phrase (0: none): 12 to 24 words, in
    threes, of one official list, one word in twelve allowed off it (a typo: `pulze`), the last only
    where the run ends; a phrase followed by another word on its line (`mnemonic: <12 words> keep`) is the phrase
    and a word. An opcode table (`mov add sub …`) or a sentence has the shape, not the words."""
    plain = [_unaccented(w) for w in words[: _PHRASE_LENGTHS[0]]]
    best = 0
    for listed in bip39_lists():
        flags = [w in listed for w in plain]
        for n in _PHRASE_LENGTHS:
            if not best < n <= len(flags):
                continue
            # (an off-list word ends the phrase only at the run's end)
            if (flags[n - 1] or n == len(words)) and sum(flags[:n]) >= n - n // 12:
                best = n
                break
    return best


def mnemonic_phrase(value: str) -> bool:
    """Whether a value is a BIP-39 phrase (`phrase_prefix`) and nothing more."""
    if _MNEMONIC.fullmatch(value) is None:
        return False
    words = value.split(" ")
    return phrase_prefix(words) == len(words)


# A seed phrase under its own key, quoted or bare to the end of its line (a bare value elsewhere ends at
# a blank): wallet vocabulary for the BIP-39 words (`mnemonic`, `seed`, `seed_phrase`, `seedPhrase`,
# `RECOVERY_PHRASE`, `secret_phrase`, `backup_words`); every word must be of the BIP-39 list
_PHRASE_LABEL = re.compile(
    r"(?i)(?<![A-Za-z])(?:mnemonic|seed|(?:seed|recovery|secret|backup|wallet)[_ .-]?(?:phrase|words))"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?"
)
_PHRASE_RUN = re.compile(r"[a-zà-öø-ÿ]{3,10}(?:[ \t][a-zà-öø-ÿ]{3,10}){11,23}(?![\w-])")
# (Hardhat's and Foundry's published development mnemonic, in their documentation: a test account's)
PUBLISHED_PHRASES = frozenset(("test test test test test test test test test test test junk",))


def seed_phrase_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each BIP-39-shaped phrase (12 to 24 words, in threes) under a seed phrase's
    key, the phrase ending its line, field or quote."""
    out: list[tuple[int, int]] = []
    low = text.lower()  # (C-speed substring tests first: the case-blind alternation scans at ~10 MB/s)
    if "mnemonic" not in low and "phrase" not in low and "words" not in low and "seed" not in low:
        return out
    for m in _PHRASE_LABEL.finditer(text):
        v = _PHRASE_RUN.match(text, m.end())
        if v is None:
            continue
        after = text[v.end() : v.end() + 1]
        if after not in ("", "\n", "\r", '"', "'", ",", "}", " ", "\t", ".", ";"):
            continue
        words = v[0].split()
        n = phrase_prefix(words)
        if n == 0 or " ".join(words[:n]) in PUBLISHED_PHRASES:
            continue
        # (the phrase's own characters: the run's first n words and the blanks between them)
        end = m.end()
        for w in words[:n]:
            end = text.index(w, end) + len(w)
        out.append((v.start(), end))
    return out
