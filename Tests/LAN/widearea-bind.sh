# BIND 9 for the wide-area test bed (sourced by Tests/LAN/widearea after lib.sh): an authoritative
# primary for ferry.test. in a namespace of the bed, with its own config, zone and journal under
# $LAN_WORK, no control channel, and updates allowed only with the TSIG key in $WA_KEY.

WA_SERVER=""
WA_KEY=""

# wa_bind HOST ADDRESS: named on HOST listening on ADDRESS:53; WA_KEY is the key file ferryd gets.
wa_bind() {
    local host=$1 address=$2 dir="$LAN_WORK/$1/bind"
    mkdir -p "$dir"
    WA_SERVER=$address
    WA_KEY="$LAN_WORK/ferry.key"
    tsig-keygen -a hmac-sha256 ferry >"$WA_KEY" || return 1
    chmod 644 "$WA_KEY"   # ferryd runs as nobody and reads it
    cat >"$dir/ferry.test.zone" <<ZONE
\$TTL 120
@   IN SOA ns.ferry.test. hostmaster.ferry.test. ( 1 60 60 600 60 )
@   IN NS  ns.ferry.test.
ns  IN A   $address
ZONE
    cat >"$dir/named.conf" <<CONF
include "$WA_KEY";
options {
    directory "$dir";
    pid-file "$dir/named.pid";
    session-keyfile "$dir/session.key";
    listen-on port 53 { $address; };
    listen-on-v6 { none; };
    recursion no;
    allow-query { any; };
    dnssec-validation no;
    notify no;
};
controls { };
zone "ferry.test" {
    type primary;
    file "$dir/ferry.test.zone";
    journal "$dir/ferry.test.zone.jnl";
    allow-update { key "ferry"; };
};
CONF
    named-checkconf "$dir/named.conf" || return 1
    # -g: foreground, logging to stderr; -u is not given: it stays root inside its namespace.
    lan_spawn "$host" "$LAN_WORK/$host/named.log" named -g -4 -c "$dir/named.conf"
    lan_wait 10 wa_dig SOA ferry.test || { lan_log "named did not answer: $(tail -5 "$LAN_WORK/$host/named.log")"; return 1; }
}

# wa_dig TYPE NAME: the answer section from the bed's server, asked from its own namespace.
wa_dig() {
    lan_in n dig +short +norecurse +time=1 +tries=1 @"$WA_SERVER" "$2" "$1" 2>/dev/null | grep .
}
