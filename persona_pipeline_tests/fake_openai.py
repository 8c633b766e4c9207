"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions API, scriptable per test."""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Behaviour:
    status: int = 200
    content: str | None = None  # the assistant message content (a JSON string for digests)
    body: bytes | None = None  # raw body, overriding content
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    reset: bool = False  # close the connection without answering
    truncate: bool = False  # announce a longer body than is sent


class FakeOpenAI:
    def __init__(self) -> None:
        self.queue: list[Behaviour] = []
        self.default = Behaviour(content='{"observations": []}')
        # when set, the content of every default reply is computed from the request payload
        self.responder: Callable[[dict[str, Any]], str] | None = None
        self.requests: list[dict[str, Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                payload = json.loads(self.rfile.read(length) or b"{}")
                with fake._lock:
                    fake.requests.append(payload)
                    b = fake.queue.pop(0) if fake.queue else fake.default
                    if b is fake.default and fake.responder is not None:
                        b = Behaviour(content=fake.responder(payload))
                    fake.in_flight += 1
                    fake.max_in_flight = max(fake.max_in_flight, fake.in_flight)
                try:
                    if b.delay:
                        time.sleep(b.delay)
                    if b.reset:
                        # SO_LINGER 0: close() sends a TCP RST ("connection reset by peer")
                        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                        self.close_connection = True
                        return
                    body = b.body if b.body is not None else json.dumps(_completion(b, payload)).encode()
                    self.send_response(b.status)
                    self.send_header("Content-Type", "application/json")
                    for k, v in b.headers.items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(body) + (50 if b.truncate else 0)))
                    self.end_headers()
                    self.wfile.write(body)
                    if b.truncate:
                        self.close_connection = True
                except (BrokenPipeError, ConnectionResetError, OSError):
                    pass
                finally:
                    with fake._lock:
                        fake.in_flight -= 1

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def start(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _completion(b: Behaviour, payload: dict[str, Any]) -> dict[str, Any]:
    if b.status >= 400:
        return {"error": {"message": f"fake error {b.status}", "type": "fake", "code": b.status}}
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": payload.get("model", "fake-model"),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": b.content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150},
    }


CALLER_ARGS = {
    "model",
    "cache_dir",
    "max_usd",
    "max_calls",
    "timeout",
    "max_tokens",
    "api_base",
    "api_key",
    "retry",
    "ledger",
}


def split_caller_args(args: dict) -> tuple[dict, dict]:
    """(StructuredCaller's keyword arguments, the backend's own)."""
    return {k: v for k, v in args.items() if k in CALLER_ARGS}, {k: v for k, v in args.items() if k not in CALLER_ARGS}
