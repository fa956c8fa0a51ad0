vcl 4.1;
# Varnish 7.1 (Debian's `varnish`, with `varnish-modules` for xkey) in front of two or more of the
# site's Node servers, following the headers the server sends (docs/caching.md; made in one place,
# src/lib/cache-policy.ts): how to run it, ops/varnish/README.md. The servers and their probe live in
# backends.vcl, beside this file.
#
# - Lifetime: Surrogate-Control's max-age, else CDN-Cache-Control's (RFC 9213), else Cache-Control's
#   s-maxage or max-age; their stale-while-revalidate and stale-if-error are kept as grace. An answer
#   that names no lifetime is never kept (Varnish's default_ttl is never used).
# - Never kept: `private` anywhere, `no-store` in the header that rules, Set-Cookie, Vary: *. Never
#   looked up: a request with an Authorization header (a member's bearer token, src/server/sessions.ts)
#   or an operator's maintenance cookie (kf_operator, src/server/maintenance/state.ts).
# - Accept-Encoding is cut to br, gzip or nothing: one copy for each (the server's Vary: Accept-Encoding).
# - Tags: Surrogate-Key becomes xkey's `xkey` header; `PURGE` with an `xkey-purge: tag1 tag2` header
#   drops every answer tagged so (VARNISH_PURGE_URL, src/server/cdn-purge.ts), from `purgers` only.
# - The CDN headers and tags never reach a browser.

import directors;
import std;
import xkey;

include "./backends.vcl";

# Who may purge: the machines that run `npm run admin` and the servers (their job queue retries a
# failed purge). Loopback only until an operator adds theirs.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.restarts == 0) {
        # Our own marks, never a visitor's.
        unset req.http.X-Kf-Refresh;
        unset req.http.X-Kf-Pass;
    }
    set req.backend_hint = servers.backend();

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # A hard purge: the next request waits for a fresh answer. A soft purge keeps the old one
        # for stale-while-revalidate (sent once more while the fresh one is fetched).
        if (req.http.xkey-purge) {
            set req.http.X-Kf-Gone = xkey.purge(req.http.xkey-purge);
        } else if (req.http.xkey-softpurge) {
            set req.http.X-Kf-Gone = xkey.softpurge(req.http.xkey-softpurge);
        } else {
            return (synth(400, "Name the tags in an xkey-purge header"));
        }
        return (synth(200, "Purged " + req.http.X-Kf-Gone + " objects"));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization || req.http.Cookie ~ "(^|;)\s*kf_operator=") {
        return (pass);
    }
    # The site reads no other cookie: a visitor's own (analytics, ...) must not bypass the cache.
    unset req.http.Cookie;

    # One copy per encoding the server makes; a coding refused with q=0 is not offered.
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(,|$|;\s*q\s*=\s*(1|0?\.\d*[1-9]))") {
        set req.http.Accept-Encoding = "br";
    } else if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*(x-)?gzip\s*(,|$|;\s*q\s*=\s*(1|0?\.\d*[1-9]))") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }

    if (req.http.X-Kf-Refresh) {
        # vcl_hit found the kept answer too stale to send while a server is up: wait for a fresh one.
        set req.grace = 0s;
    }
    return (hash);
}

sub vcl_hit {
    # Past its stale-while-revalidate window a stale answer is sent only while no server is healthy
    # (stale-if-error); otherwise the request looks up again and waits for a fresh answer.
    if (obj.ttl <= 0s && obj.ttl + std.duration(obj.http.X-Kf-Swr, 0s) <= 0s
        && std.healthy(req.backend_hint) && req.restarts == 0) {
        set req.http.X-Kf-Refresh = "1";
        return (restart);
    }
}

sub vcl_pass {
    set req.http.X-Kf-Pass = "1";
}

sub vcl_backend_fetch {
    unset bereq.http.X-Kf-Refresh;
    unset bereq.http.X-Kf-Pass;
}

sub vcl_backend_response {
    # A failed background refresh keeps the stale answer it would have replaced (stale-if-error).
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # The header that rules for a shared cache: Surrogate-Control, else CDN-Cache-Control.
    if (beresp.http.Surrogate-Control) {
        set beresp.http.X-Kf-Rule = beresp.http.Surrogate-Control;
    } else if (beresp.http.CDN-Cache-Control) {
        set beresp.http.X-Kf-Rule = beresp.http.CDN-Cache-Control;
    }
    if (beresp.http.Set-Cookie
        || beresp.http.Cache-Control ~ "(?i)(^|[\s,])private\b"
        || beresp.http.X-Kf-Rule ~ "(?i)(^|[\s,])(private|no-store)\b"
        || beresp.http.Vary == "*") {
        call kf_never_keep;
    }
    if (beresp.http.X-Kf-Rule ~ "(?i)(^|[\s,])max-age\s*=\s*\d+") {
        set beresp.ttl = std.duration(
            regsub(beresp.http.X-Kf-Rule, "(?i)^(.*[\s,])?max-age\s*=\s*(\d+).*$", "\2s"), 0s);
        set beresp.http.X-Kf-Swr = "0s";
        if (beresp.http.X-Kf-Rule ~ "(?i)stale-while-revalidate\s*=\s*\d+") {
            set beresp.http.X-Kf-Swr =
                regsub(beresp.http.X-Kf-Rule, "(?i)^.*stale-while-revalidate\s*=\s*(\d+).*$", "\1s");
        }
        set beresp.grace = std.duration(beresp.http.X-Kf-Swr, 0s);
        if (beresp.http.X-Kf-Rule ~ "(?i)stale-if-error\s*=\s*\d+"
            && std.duration(regsub(beresp.http.X-Kf-Rule,
                "(?i)^.*stale-if-error\s*=\s*(\d+).*$", "\1s"), 0s) > beresp.grace) {
            set beresp.grace = std.duration(
                regsub(beresp.http.X-Kf-Rule, "(?i)^.*stale-if-error\s*=\s*(\d+).*$", "\1s"), 0s);
        }
    } else if (beresp.http.X-Kf-Rule
        || beresp.http.Cache-Control ~ "(?i)(^|[\s,])(no-store|no-cache)\b"
        || beresp.http.Cache-Control !~ "(?i)(^|[\s,])(s-maxage|max-age)\s*=") {
        # No lifetime named: never kept.
        call kf_never_keep;
    } else {
        # Cache-Control's s-maxage or max-age, as Varnish read it (its stale-while-revalidate is grace).
        set beresp.http.X-Kf-Swr = beresp.grace + "s";
    }
    unset beresp.http.X-Kf-Rule;
    if (beresp.ttl <= 0s) {
        call kf_never_keep;
    }
    # Kept past its grace for a conditional request (If-None-Match: a 304 refreshes it).
    set beresp.keep = 1h;
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    return (deliver);
}

# Not kept; for two minutes the same request goes straight to a server (hit-for-miss), and an answer
# it may keep then is kept.
sub kf_never_keep {
    unset beresp.http.X-Kf-Rule;
    set beresp.ttl = 120s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
    return (deliver);
}

sub vcl_deliver {
    if (req.http.X-Kf-Pass) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # For the CDN only (src/lib/cache-policy.ts CDN_HEADERS), and our own marks.
    unset resp.http.Surrogate-Control;
    unset resp.http.Surrogate-Key;
    unset resp.http.CDN-Cache-Control;
    unset resp.http.Netlify-CDN-Cache-Control;
    unset resp.http.Cache-Tag;
    unset resp.http.Netlify-Cache-Tag;
    unset resp.http.xkey;
    unset resp.http.X-Kf-Swr;
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
