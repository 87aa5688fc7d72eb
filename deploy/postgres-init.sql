-- The bundled PostgreSQL's first start (compose.yaml mounts this file into
-- /docker-entrypoint-initdb.d; it runs once, on an empty volume, as the
-- superuser `postgres`). The bot gets a role of its own that can log in and
-- owns the `chessbot` database and its `public` schema, which is all its
-- migrations and queries need; it is no superuser and can create no roles
-- or databases, so a leaked DATABASE_URL reaches the bot's data and nothing
-- else on the server. Its password is the compose secret `db_password`.
\set ON_ERROR_STOP on
\set password `cat /run/secrets/db_password`
create role chessbot login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password :'password';
create database chessbot owner chessbot;
revoke all on database chessbot from public;
\connect chessbot
alter schema public owner to chessbot;
revoke all on schema public from public;
