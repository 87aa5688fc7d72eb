//! The query builders the store writes its SQL through: [`query`] and
//! [`query_as`] collect the bound values ([`Arg`]) and, at execution, build
//! the native sqlx query of the backend behind an [`Exec`] (`?` numbered
//! `$1, $2...` for PostgreSQL), counting unexpected failures for `/metrics`.

use std::future::Future;
use std::marker::PhantomData;

use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{AssertSqlSafe, FromRow, SqlSafeStr, SqlStr};

use super::Exec;

/// A bound value: the store binds integers, reals (ratings) and text,
/// maybe null.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
}

/// Values the store binds.
pub(crate) trait IntoArg {
    fn into_arg(self) -> Arg;
}

impl IntoArg for i64 {
    fn into_arg(self) -> Arg {
        Arg::Int(Some(self))
    }
}
impl IntoArg for Option<i64> {
    fn into_arg(self) -> Arg {
        Arg::Int(self)
    }
}
impl IntoArg for f64 {
    fn into_arg(self) -> Arg {
        Arg::Real(Some(self))
    }
}
impl IntoArg for &str {
    fn into_arg(self) -> Arg {
        Arg::Text(Some(self.to_string()))
    }
}
impl IntoArg for &String {
    fn into_arg(self) -> Arg {
        Arg::Text(Some(self.clone()))
    }
}
impl IntoArg for String {
    fn into_arg(self) -> Arg {
        Arg::Text(Some(self))
    }
}
impl IntoArg for Option<&str> {
    fn into_arg(self) -> Arg {
        Arg::Text(self.map(str::to_string))
    }
}
impl IntoArg for &Option<String> {
    fn into_arg(self) -> Arg {
        Arg::Text(self.clone())
    }
}
impl IntoArg for Option<String> {
    fn into_arg(self) -> Arg {
        Arg::Text(self)
    }
}

/// What an `insert` / `update` / `delete` did.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Done(u64);

impl Done {
    pub(crate) fn rows_affected(&self) -> u64 {
        self.0
    }
}

/// Rewrites `?` placeholders as `$1, $2, ...` (PostgreSQL), leaving quoted
/// text and identifiers alone.
#[must_use]
pub fn numbered_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 16);
    let mut n = 0;
    let mut quote: Option<char> = None;
    for c in sql.chars() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                out.push(c);
            }
            None if c == '?' => {
                n += 1;
                out.push('$');
                out.push_str(&n.to_string());
            }
            None => out.push(c),
        }
    }
    out
}

/// A statement with its bound values, for either backend.
pub(crate) struct Query {
    sql: SqlStr,
    args: Vec<Arg>,
}

/// A statement returning rows of `O`.
pub(crate) struct QueryAs<O> {
    q: Query,
    out: PhantomData<fn() -> O>,
}

/// A statement (`?` placeholders).
pub(crate) fn query(sql: impl SqlSafeStr) -> Query {
    Query {
        sql: sql.into_sql_str(),
        args: Vec::new(),
    }
}

/// A statement returning rows decoded as `O` (`?` placeholders).
pub(crate) fn query_as<O>(sql: impl SqlSafeStr) -> QueryAs<O> {
    QueryAs {
        q: query(sql),
        out: PhantomData,
    }
}

fn pg_sql(sql: &SqlStr) -> AssertSqlSafe<String> {
    AssertSqlSafe(numbered_placeholders(sql.as_str()))
}

macro_rules! bind_all {
    ($q:expr, $args:expr) => {{
        let mut q = $q;
        for a in $args {
            q = match a {
                Arg::Int(v) => q.bind(v),
                Arg::Real(v) => q.bind(v),
                Arg::Text(v) => q.bind(v),
            };
        }
        q
    }};
}

impl Query {
    pub(crate) fn bind(mut self, v: impl IntoArg) -> Query {
        self.args.push(v.into_arg());
        self
    }

    pub(crate) async fn execute<'e>(self, ex: impl Into<Exec<'e>>) -> Result<Done, sqlx::Error> {
        self.execute_uncounted(ex).await.inspect_err(count_error)
    }

    async fn execute_uncounted<'e>(self, ex: impl Into<Exec<'e>>) -> Result<Done, sqlx::Error> {
        let Query { sql, args } = self;
        let rows = match ex.into() {
            Exec::Sqlite(p) => bind_all!(sqlx::query::<sqlx::Sqlite>(sql), args)
                .execute(p)
                .await?
                .rows_affected(),
            Exec::SqliteConn(c) => bind_all!(sqlx::query::<sqlx::Sqlite>(sql), args)
                .execute(c)
                .await?
                .rows_affected(),
            Exec::Pg(p) => bind_all!(sqlx::query::<sqlx::Postgres>(pg_sql(&sql)), args)
                .execute(p)
                .await?
                .rows_affected(),
            Exec::PgConn(c) => bind_all!(sqlx::query::<sqlx::Postgres>(pg_sql(&sql)), args)
                .execute(c)
                .await?
                .rows_affected(),
        };
        Ok(Done(rows))
    }
}

/// Counts a failed query for `/metrics`: anything but a missing row or a
/// uniqueness rule (answers the store expects and maps).
fn count_error(e: &sqlx::Error) {
    let expected = match e {
        sqlx::Error::RowNotFound => true,
        sqlx::Error::Database(d) => d.is_unique_violation(),
        _ => false,
    };
    if !expected {
        crate::metrics::DB_ERRORS.inc();
    }
}

/// Rows both backends can decode.
pub(crate) trait Row:
    for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin
{
}
impl<T> Row for T where T: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin
{}

macro_rules! fetch {
    ($self:ident, $ex:ident, $method:ident) => {{
        let Query { sql, args } = $self.q;
        match $ex.into() {
            Exec::Sqlite(p) => {
                bind_all!(sqlx::query_as::<sqlx::Sqlite, O>(sql), args)
                    .$method(p)
                    .await
            }
            Exec::SqliteConn(c) => {
                bind_all!(sqlx::query_as::<sqlx::Sqlite, O>(sql), args)
                    .$method(c)
                    .await
            }
            Exec::Pg(p) => {
                bind_all!(sqlx::query_as::<sqlx::Postgres, O>(pg_sql(&sql)), args)
                    .$method(p)
                    .await
            }
            Exec::PgConn(c) => {
                bind_all!(sqlx::query_as::<sqlx::Postgres, O>(pg_sql(&sql)), args)
                    .$method(c)
                    .await
            }
        }
    }};
}

impl<O: Row> QueryAs<O> {
    pub(crate) fn bind(mut self, v: impl IntoArg) -> QueryAs<O> {
        self.q = self.q.bind(v);
        self
    }

    pub(crate) fn fetch_one<'e>(
        self,
        ex: impl Into<Exec<'e>>,
    ) -> impl Future<Output = Result<O, sqlx::Error>> {
        let ex = ex.into();
        async move { fetch!(self, ex, fetch_one).inspect_err(count_error) }
    }

    pub(crate) fn fetch_optional<'e>(
        self,
        ex: impl Into<Exec<'e>>,
    ) -> impl Future<Output = Result<Option<O>, sqlx::Error>> {
        let ex = ex.into();
        async move { fetch!(self, ex, fetch_optional).inspect_err(count_error) }
    }

    pub(crate) fn fetch_all<'e>(
        self,
        ex: impl Into<Exec<'e>>,
    ) -> impl Future<Output = Result<Vec<O>, sqlx::Error>> {
        let ex = ex.into();
        async move { fetch!(self, ex, fetch_all).inspect_err(count_error) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_outside_quotes() {
        assert_eq!(
            numbered_placeholders("update t set a = ?, b = '?' where c = ? and \"?\" = ?"),
            "update t set a = $1, b = '?' where c = $2 and \"?\" = $3"
        );
        assert_eq!(numbered_placeholders("select 1"), "select 1");
    }
}
