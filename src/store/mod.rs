//! Storage (sqlx): the only module that writes SQL.
