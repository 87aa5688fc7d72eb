-- Per-channel settings for PostgreSQL: the same table and column as
-- migrations/0002_settings.sql (SQLite), compared by tests/store_pg.rs.

create table channel_settings (
    platform text not null,
    channel text not null,
    language text not null,
    primary key (platform, channel)
);

alter table game add column locale text;
