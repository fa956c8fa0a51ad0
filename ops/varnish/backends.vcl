# The site's servers (the built Node server, `npm run serve`, each on its own machine or port), probed
# on /readyz: a server draining after SIGTERM, or whose database does not answer, answers 503 there
# and gets no traffic until it is ready again (src/server/probes.ts). Edit the two addresses; add a
# backend and its add_backend line for a third server. Included by default.vcl.

probe ready {
    .url = "/readyz";
    .interval = 2s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend server1 {
    .host = "127.0.0.1";
    .port = "4321";
    .probe = ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

backend server2 {
    .host = "127.0.0.1";
    .port = "4322";
    .probe = ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

sub vcl_init {
    new servers = directors.round_robin();
    servers.add_backend(server1);
    servers.add_backend(server2);
}
