#!/usr/bin/python3
"""Runs gallery-dl unchanged against an Easel service instead of pixiv.

gallery-dl has pixiv's hosts as literals in its code, so people re-point it with a hosts mapping or a proxy. This
wrapper does what such a mapping does, inside the process: every request to one of pixiv's five hosts is sent to
the Easel origin in EASEL_ORIGIN (e.g. http://127.0.0.1:8331) with the same path and query, plain HTTP, and, like
a hosts file, the original Host header. Everything else (the extractor, its parsing, its config, its cache) is
gallery-dl's own: the wrapper then calls gallery_dl.main() with the command line it was given.

Environment:
  EASEL_ORIGIN     where the five hosts go (required)
  EASEL_GDL_LOG    optional file: one JSON line per request (method, url as gallery-dl asked, target, status,
                   content type, body length when known), for the test's report
  EASEL_GDL_HOST   "keep" (default: send Host: <pixiv host>, as a hosts file would) or "target" (send the
                   Easel host instead, as a rewriting proxy would)

Only the standard library and `requests` (which gallery-dl itself depends on) are used.
"""

import json
import os
import sys
import urllib.parse

import requests
import requests.adapters

PIXIV_HOSTS = frozenset((
    "app-api.pixiv.net",
    "oauth.secure.pixiv.net",
    "www.pixiv.net",
    "i.pximg.net",
    "s.pximg.net",
))


def _target(url, origin):
    """The Easel URL for a pixiv URL (same path and query), or None for any other host."""
    parts = urllib.parse.urlsplit(url)
    if (parts.hostname or "").lower() not in PIXIV_HOSTS:
        return None
    base = urllib.parse.urlsplit(origin)
    return urllib.parse.urlunsplit((base.scheme, base.netloc, parts.path, parts.query, ""))


class EaselAdapter(requests.adapters.HTTPAdapter):
    """Sends a pixiv-host request to Easel; the response still says the URL gallery-dl asked for."""

    def __init__(self, origin, keep_host, log_path):
        super().__init__()
        self.origin = origin
        self.keep_host = keep_host
        self.log_path = log_path

    def send(self, request, **kwargs):
        target = _target(request.url, self.origin)
        sent = request.copy()
        sent.url = target
        if self.keep_host:
            sent.headers["Host"] = urllib.parse.urlsplit(request.url).netloc
        try:
            response = super().send(sent, **kwargs)
        except Exception as exc:
            self._log(request, target, None, None, None, repr(exc), None)
            raise
        length = response.headers.get("Content-Length")
        ctype = response.headers.get("Content-Type")
        body = None
        if response.status_code >= 400 or (ctype or "").startswith("text/html"):
            # what went wrong, for the report; requests keeps the read body, so gallery-dl can still read it
            body = response.content[:300].decode("utf-8", "replace")
        self._log(request, target, response.status_code, ctype,
                  int(length) if length and length.isdigit() else None, None, body)
        # gallery-dl (and requests' cookie and redirect handling) see pixiv's URL, as with a hosts mapping
        response.url = request.url
        response.request = request
        return response

    def _log(self, request, target, status, ctype, length, error, body):
        if not self.log_path:
            return
        line = {"method": request.method, "url": request.url, "target": target, "status": status,
                "content_type": ctype, "length": length}
        if error:
            line["error"] = error
        if body is not None:
            line["body"] = body
        with open(self.log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")


def install(origin, keep_host=True, log_path=None):
    """Makes every requests.Session send pixiv's hosts to `origin`.

    gallery-dl mounts its own adapter on "https://" and "http://" for each extractor's session, and may do so after
    the session is made, so the choice is made where requests picks the adapter for each URL, not by mounting.
    """
    adapter = EaselAdapter(origin.rstrip("/"), keep_host, log_path)
    original = requests.Session.get_adapter

    def get_adapter(self, url):
        if _target(url, adapter.origin) is not None:
            return adapter
        return original(self, url)

    requests.Session.get_adapter = get_adapter


def main():
    origin = os.environ.get("EASEL_ORIGIN")
    if not origin:
        sys.stderr.write("EASEL_ORIGIN must be the Easel service's origin, e.g. http://127.0.0.1:8080\n")
        return 2
    install(origin, os.environ.get("EASEL_GDL_HOST", "keep") != "target", os.environ.get("EASEL_GDL_LOG"))
    import gallery_dl
    return gallery_dl.main()


if __name__ == "__main__":
    sys.exit(main())
