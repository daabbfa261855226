#!/usr/bin/env bash
# A managed-MySQL-like MariaDB for the `mariadb` test project: a second server with binary
# logging on (as RDS, Aurora, Cloud SQL and MySQL 8 by default), on its own port, datadir and
# socket, and an application user with privileges at database level only: no SUPER, no global
# privilege, log_bin_trust_function_creators off. Triggers, stored routines and SET GLOBAL fail
# there, as they do on a managed server.
#
# Idempotent: installs the datadir if absent, starts the server if it does not answer, waits
# until it does, (re)creates the users. Run as root (or with sudo). Leaves the shared server on
# 3306 alone.
#
#   .ci/mariadb-binlog.sh            # then:
#   TEST_DATABASE_URL=mysql://app:app@127.0.0.1:3307/aas_test
#   TEST_DATABASE_ADMIN_URL=mysql://aas_admin:aas_admin@127.0.0.1:3307/aas_test (setup only)
#
# Environment: BINLOG_PORT (3307), BINLOG_DIR (/var/lib/mysql-binlog), APP_USER/APP_PASSWORD
# (app/app), ADMIN_USER/ADMIN_PASSWORD (aas_admin/aas_admin: only for tests that must build
# the state an older release left, e.g. triggers, which the app user cannot create, or that
# create a user of their own with the narrow grant of docs/operations.md).
set -euo pipefail

PORT=${BINLOG_PORT:-3307}
DIR=${BINLOG_DIR:-/var/lib/mysql-binlog}
APP_USER=${APP_USER:-app}
APP_PASSWORD=${APP_PASSWORD:-app}
ADMIN_USER=${ADMIN_USER:-aas_admin}
ADMIN_PASSWORD=${ADMIN_PASSWORD:-aas_admin}
DATA="$DIR/data"
SOCK="$DIR/mysqld.sock"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
root_sql() { as_root mariadb --socket="$SOCK" -uroot "$@"; }

if [ ! -d "$DATA/mysql" ]; then
  echo "installing a MariaDB datadir in $DATA"
  as_root mkdir -p "$DATA"
  as_root chown -R mysql:mysql "$DIR"
  as_root mariadb-install-db --datadir="$DATA" --user=mysql --auth-root-authentication-method=socket \
    --skip-test-db >/dev/null
fi

if ! root_sql -e 'select 1' >/dev/null 2>&1; then
  echo "starting MariaDB with binary logging on port $PORT"
  as_root chown -R mysql:mysql "$DIR"
  # Not answering: a pid file left by an unclean stop is stale (its pid may be another mariadbd).
  as_root rm -f "$DIR/mariadbd.pid"
  as_root start-stop-daemon --start --background --pidfile "$DIR/mariadbd.pid" \
    --exec /usr/sbin/mariadbd -- --no-defaults --user=mysql --datadir="$DATA" \
    --port="$PORT" --bind-address=127.0.0.1 --socket="$SOCK" --pid-file="$DIR/mariadbd.pid" \
    --log-bin="$DATA/binlog" --server-id=1 --log-bin-trust-function-creators=0 \
    --innodb-buffer-pool-size=128M --log-error="$DIR/error.log"
fi

tries=60
until root_sql -e 'select 1' >/dev/null 2>&1; do
  tries=$((tries - 1))
  if [ "$tries" -le 0 ]; then
    echo "MariaDB (binlog, port $PORT) did not come up; see $DIR/error.log" >&2
    exit 1
  fi
  sleep 1
done
echo "MariaDB (binlog, port $PORT) is up"

# The app user: ALL PRIVILEGES on the test database and on the per-suite databases the tests
# create (t_<random>, see test/support/database.ts). Both grants are database-level.
root_sql <<SQL
CREATE DATABASE IF NOT EXISTS aas_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE OR REPLACE USER '$APP_USER'@'127.0.0.1' IDENTIFIED BY '$APP_PASSWORD';
CREATE OR REPLACE USER '$APP_USER'@'localhost' IDENTIFIED BY '$APP_PASSWORD';
GRANT ALL PRIVILEGES ON \`aas_test\`.* TO '$APP_USER'@'127.0.0.1';
GRANT ALL PRIVILEGES ON \`aas_test\`.* TO '$APP_USER'@'localhost';
GRANT ALL PRIVILEGES ON \`t\\_%\`.* TO '$APP_USER'@'127.0.0.1';
GRANT ALL PRIVILEGES ON \`t\\_%\`.* TO '$APP_USER'@'localhost';
CREATE OR REPLACE USER '$ADMIN_USER'@'127.0.0.1' IDENTIFIED BY '$ADMIN_PASSWORD';
CREATE OR REPLACE USER '$ADMIN_USER'@'localhost' IDENTIFIED BY '$ADMIN_PASSWORD';
GRANT ALL PRIVILEGES ON *.* TO '$ADMIN_USER'@'127.0.0.1' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '$ADMIN_USER'@'localhost' WITH GRANT OPTION;
FLUSH PRIVILEGES;
SQL
# Suites create and drop their own databases (t_<random>); remove leftovers of killed runs.
for db in $(root_sql -N -e "SHOW DATABASES LIKE 't\_%'"); do root_sql -e "DROP DATABASE \`$db\`"; done
root_sql -N -e "SELECT CONCAT('log_bin=', @@log_bin, ' binlog_format=', @@binlog_format,
  ' log_bin_trust_function_creators=', @@log_bin_trust_function_creators)"
