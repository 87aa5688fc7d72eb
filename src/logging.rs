//! The log output: plain text lines (colours only at a terminal) or, with
//! `CHESSBOT_LOG_FORMAT=json`, one JSON object per line for log collectors
//! (Loki, journald's forwarders, a cloud's log agent).
//!
//! The JSON lines are written here with serde_json rather than through
//! tracing-subscriber's `json` feature, which would add a crate to the
//! lock file for a few dozen lines.

use std::fmt;

use serde_json::{Map, Value};
use tracing::field::{Field, Visit};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// The format's setting, as `CHESSBOT_LOG_FORMAT` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// `text`: the default.
    Text,
    /// `json`: one object per line.
    Json,
}

impl LogFormat {
    /// From the setting's value (already checked by `config`; anything
    /// but `json` is text).
    #[must_use]
    pub fn from_setting(value: Option<&str>) -> LogFormat {
        match value.map(str::trim) {
            Some("json") => LogFormat::Json,
            _ => LogFormat::Text,
        }
    }
}

/// Starts the global subscriber on stderr with `filter`.
pub fn init(filter: tracing_subscriber::EnvFilter, format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        // Colour codes only for a person at a terminal: journald and
        // container logs would keep them as escape sequences.
        LogFormat::Text => builder
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .init(),
        LogFormat::Json => builder.with_ansi(false).event_format(JsonLines).init(),
    }
}

/// One JSON object per event: `time` (RFC 3339, UTC), `level`, `target`,
/// `message`, the event's other fields under their names, and `spans` (the
/// names of the spans it happened in, outermost first) when any.
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonLines;

impl<S, N> FormatEvent<S, N> for JsonLines
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> fmt::Result {
        let meta = event.metadata();
        let mut spans = Vec::new();
        if let Some(scope) = ctx.event_scope() {
            for span in scope.from_root() {
                spans.push(Value::from(span.name()));
            }
        }
        let line = json_line(
            &chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            meta.level().as_str(),
            meta.target(),
            event,
            spans,
        );
        writeln!(writer, "{line}")
    }
}

/// The object for one event (without the clock, for tests).
fn json_line(
    time: &str,
    level: &str,
    target: &str,
    event: &tracing::Event<'_>,
    spans: Vec<Value>,
) -> Value {
    let mut fields = Fields(Map::new());
    event.record(&mut fields);
    let mut object = Map::new();
    object.insert("time".into(), time.into());
    object.insert("level".into(), level.into());
    object.insert("target".into(), target.into());
    let message = fields.0.remove("message").unwrap_or(Value::from(""));
    object.insert("message".into(), message);
    for (k, v) in fields.0 {
        // A field named like one of ours keeps its value under `field.NAME`.
        let k = if object.contains_key(&k) {
            format!("field.{k}")
        } else {
            k
        };
        object.insert(k, v);
    }
    if !spans.is_empty() {
        object.insert("spans".into(), Value::Array(spans));
    }
    Value::Object(object)
}

/// An event's fields as JSON values (numbers and booleans as such,
/// everything else as its text).
struct Fields(Map<String, Value>);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0
            .insert(field.name().into(), Value::from(format!("{value:?}")));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().into(), Value::from(value));
    }
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().into(), Value::from(value));
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().into(), Value::from(value));
    }
    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.insert(field.name().into(), Value::from(value));
    }
    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.insert(field.name().into(), Value::from(value));
    }
    fn record_error(&mut self, field: &Field, value: &(dyn std::error::Error + 'static)) {
        self.0
            .insert(field.name().into(), Value::from(value.to_string()));
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use super::*;

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn json_lines_are_one_object_per_event_with_typed_fields() {
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .event_format(JsonLines)
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!("game", id = 7);
            let _entered = span.enter();
            tracing::warn!(
                moves = 3_u64,
                rated = true,
                who = "alice \"a\"",
                "slow answer\nsecond line"
            );
        });
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        let v: Value = serde_json::from_str(text.trim_end()).unwrap();
        assert_eq!(v["level"], "WARN");
        assert_eq!(v["message"], "slow answer\nsecond line");
        assert_eq!(v["moves"], 3);
        assert_eq!(v["rated"], true);
        assert_eq!(v["who"], "alice \"a\"");
        assert_eq!(v["spans"], serde_json::json!(["game"]));
        assert!(v["target"].as_str().unwrap().starts_with("chessbot"));
        assert!(v["time"].as_str().unwrap().ends_with('Z'));
    }

    #[test]
    fn only_json_selects_json() {
        assert_eq!(LogFormat::from_setting(Some("json")), LogFormat::Json);
        assert_eq!(LogFormat::from_setting(Some("text")), LogFormat::Text);
        assert_eq!(LogFormat::from_setting(None), LogFormat::Text);
    }
}
