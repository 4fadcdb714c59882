#!/usr/bin/env bash
# Installs the runtimes of the conformance adapters (examples/adapters/) from Debian's packages
# and builds the compiled adapters into build/conformance/ (gitignored). Idempotent: a package
# already installed is not asked for again, and an adapter is rebuilt only when its source is
# newer than its binary. apt-get only; nothing else is downloaded (the Rust adapter builds
# offline against Debian's vendored crates).
#
#   sudo bash scripts/conformance/setup.sh      # then: npm run conformance
#   bash scripts/conformance/setup.sh --missing  # only print the packages it would install
#
# Without root or apt-get it installs nothing and builds what the runtimes present allow; the
# runner (scripts/conformance/run.ts) lists every adapter it could not run.
set -uo pipefail
cd "$(dirname "$0")/../.."
BUILD=build/conformance
ADAPTERS=examples/adapters
mkdir -p "$BUILD"

# The Debian packages: each runtime, and each parser that is not part of its runtime.
PACKAGES=(
  ruby                      # URI::RFC3986_Parser, URI::RFC2396_Parser (Ruby's uri library)
  golang-go                 # net/url
  php-cli                   # parse_url, filter_var
  default-jdk-headless      # java.net.URI
  liburiparser-dev          # uriparser (C)
  libcurl4-openssl-dev      # libcurl's URL API (C)
  gcc libc6-dev pkg-config
  cargo rustc librust-url-dev  # the url crate, with its dependencies, as Debian vendors them
  liburi-perl               # Perl's URI
  python3 python3-rfc3986 python3-hyperlink python3-yarl
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# A JDK or a Rust toolchain already on the machine serves as well as Debian's.
if command -v javac >/dev/null 2>&1; then missing=("${missing[@]/default-jdk-headless}"); fi
if command -v cargo >/dev/null 2>&1; then missing=("${missing[@]/cargo}"); missing=("${missing[@]/rustc}"); fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
# .ci/run asks for the list first, to install it with its own packages in one apt-get run.
if [ "${1:-}" = "--missing" ]; then
  [ "${#missing[@]}" -gt 0 ] && printf '%s\n' "${missing[@]}"
  exit 0
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing ${missing[*]}"
    # Only one apt-get can hold dpkg's lock: wait for another to finish rather than fail.
    for try in $(seq 1 60); do
      if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
           -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null; then
        break
      fi
      echo "setup: apt-get failed (try $try), retrying in 10 s"; sleep 10
    done
  else
    echo "setup: not root or no apt-get: not installing ${missing[*]}"
  fi
fi

# Whether $1 must be built from the sources $2...: they exist, and it is missing or older.
stale() { local out=$1 s; shift; for s in "$@"; do [ -e "$s" ] || return 1; done
  [ ! -e "$out" ] && return 0; for s in "$@"; do [ "$s" -nt "$out" ] && return 0; done; return 1; }

if command -v gcc >/dev/null 2>&1; then
  if [ -e /usr/include/uriparser/Uri.h ] && stale "$BUILD/uriparser" "$ADAPTERS/uriparser.c" "$ADAPTERS/adapter.h"; then
    gcc -O2 -Wall -o "$BUILD/uriparser" "$ADAPTERS/uriparser.c" $(pkg-config --cflags --libs liburiparser) && echo "setup: built uriparser"
  fi
  if [ -e /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -e /usr/include/curl/curl.h ]; then
    if stale "$BUILD/libcurl" "$ADAPTERS/libcurl.c" "$ADAPTERS/adapter.h"; then
      gcc -O2 -Wall -o "$BUILD/libcurl" "$ADAPTERS/libcurl.c" $(pkg-config --cflags --libs libcurl) && echo "setup: built libcurl"
    fi
  fi
fi

if command -v go >/dev/null 2>&1 && stale "$BUILD/go-net-url" "$ADAPTERS/go-net-url.go"; then
  GOCACHE="$PWD/$BUILD/go-cache" GO111MODULE=off go build -o "$BUILD/go-net-url" "./$ADAPTERS/go-net-url.go" \
    && echo "setup: built go-net-url"
fi

if command -v javac >/dev/null 2>&1 && stale "$BUILD/java/JavaNetUri.class" "$ADAPTERS/JavaNetUri.java"; then
  javac -d "$BUILD/java" "$ADAPTERS/JavaNetUri.java" && echo "setup: built JavaNetUri"
fi

# The url crate from Debian's vendored registry (/usr/share/cargo/registry), offline.
if command -v cargo >/dev/null 2>&1 && [ -d /usr/share/cargo/registry ] && ls -d /usr/share/cargo/registry/url-* >/dev/null 2>&1; then
  crate="$BUILD/rust-url"
  if stale "$crate/target/release/rust-url" "$ADAPTERS/rust-url.rs"; then
    mkdir -p "$crate/src" "$crate/.cargo"
    cp "$ADAPTERS/rust-url.rs" "$crate/src/main.rs"
    cat > "$crate/Cargo.toml" <<'TOML'
[package]
name = "rust-url"
version = "0.0.0"
edition = "2018"

[dependencies]
url = "2"

[workspace]
TOML
    cat > "$crate/.cargo/config.toml" <<'TOML'
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
TOML
    (cd "$crate" && cargo build --release --offline -q) && echo "setup: built rust-url"
  fi
fi
echo "setup: done"
