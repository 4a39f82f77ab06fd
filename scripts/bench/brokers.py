"""Brokers a fault test may take away and bring back, with the messages they held lost.

- `PrivateRedis` (scripts.bench.services): a redis-server of our own, SIGKILLed and started
  again empty on the same port.
- `PrivateVhost`: a virtual host of our own on the machine's RabbitMQ. The system server is
  not ours to restart, so its outage is the vhost's: deleting it closes every connection
  to it (workers and publishers alike) and drops its queues with their messages, durable
  or not; until it is created again, connections are refused. Administered through
  `rabbitmqctl` when this user may run it, else the management API (port 15672).
"""
from __future__ import annotations

import base64
import json
import shutil
import subprocess
import urllib.error
import urllib.parse
import urllib.request
import uuid


class PrivateVhost:
    """A vhost `reverie-faults-<hex>` on the RabbitMQ at `amqp_url` (guest/guest by
    default); `url` is the AMQP URL of the vhost. RuntimeError, saying what is missing, when
    neither rabbitmqctl nor the management API can administer that server."""

    def __init__(self, amqp_url: str = "amqp://guest:guest@127.0.0.1:5672//",
                 management_port: int = 15672) -> None:
        parts = urllib.parse.urlsplit(amqp_url)
        self.user, self.password = parts.username or "guest", parts.password or "guest"
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 5672
        self.vhost = f"reverie-faults-{uuid.uuid4().hex[:8]}"
        self.url = (f"amqp://{self.user}:{self.password}@{self.host}:{self.port}/"
                    f"{urllib.parse.quote(self.vhost, safe='')}")
        self._api = f"http://{self.host}:{management_port}/api"
        self._admin = self._pick_admin()

    # ---- the two ways to administer the server ---------------------------------------
    def _pick_admin(self):
        ctl = shutil.which("rabbitmqctl")
        if ctl and self.host in ("127.0.0.1", "localhost"):
            probe = subprocess.run([ctl, "-q", "list_vhosts"], capture_output=True,
                                   text=True, timeout=60)
            if probe.returncode == 0:
                return self._ctl
        try:
            self._http("GET", "/overview")
            return self._http_admin
        except (OSError, urllib.error.URLError) as exc:
            raise RuntimeError(
                f"cannot administer the RabbitMQ at {self.host}:{self.port} (rabbitmqctl "
                f"refused or missing; no management API at {self._api}: {exc}): run as a "
                "user rabbitmqctl accepts, or enable rabbitmq_management") from exc

    def _ctl(self, create: bool) -> None:
        steps = ([["add_vhost", self.vhost],
                  ["set_permissions", "-p", self.vhost, self.user, ".*", ".*", ".*"]]
                 if create else [["delete_vhost", self.vhost]])
        for args in steps:
            done = subprocess.run(["rabbitmqctl", "-q", *args], capture_output=True,
                                  text=True, timeout=60)
            if done.returncode != 0 and "already" not in done.stderr + done.stdout:
                raise RuntimeError(f"rabbitmqctl {' '.join(args)}: {done.stderr.strip()}")

    def _http_admin(self, create: bool) -> None:
        name = urllib.parse.quote(self.vhost, safe="")
        if create:
            self._http("PUT", f"/vhosts/{name}", {})
            self._http("PUT", f"/permissions/{name}/{self.user}",
                       {"configure": ".*", "write": ".*", "read": ".*"})
        else:
            self._http("DELETE", f"/vhosts/{name}")

    def _http(self, method: str, path: str, body: dict | None = None) -> None:
        token = base64.b64encode(f"{self.user}:{self.password}".encode()).decode()
        req = urllib.request.Request(self._api + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"Basic {token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10):
            pass

    # ---- the broker's life -----------------------------------------------------------
    def start(self) -> PrivateVhost:
        """Create the vhost (empty) and let the login use it."""
        self._admin(True)
        return self

    def kill(self) -> None:
        """Delete the vhost: its connections closed, its queued messages gone."""
        self._admin(False)

    def __enter__(self) -> PrivateVhost:
        return self.start()

    def __exit__(self, *exc) -> None:
        try:
            self.kill()
        except (RuntimeError, OSError, urllib.error.URLError):
            pass
