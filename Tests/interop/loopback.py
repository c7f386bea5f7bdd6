"""The loopback HTTP server every network stand-in of the interop suite sits behind (the EVM
node, the IC boundary node, Horizon, Stellar RPC): 127.0.0.1 on a port the system picks, so
runs in parallel never collide, served from a daemon thread while the fixture is in a `with`.
Standard library only: every group's venv imports it."""
import threading
from http.server import ThreadingHTTPServer


class LoopbackServer:
    """A fixture's base: its __init__ calls `serve(Handler)`; `url` is then its address."""

    def serve(self, handler, trailing_slash=False):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}" + ("/" if trailing_slash else "")
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
