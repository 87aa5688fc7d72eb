//! Syzygy endgame tablebases: the owner's table directories, each table
//! file read and checked on its first probe, and the probes the bot needs
//! (WDL and DTZ for the side to move, with the reference probers' exact
//! conventions). A missing, truncated or corrupt table is a
//! [`TablebaseError`], never a panic or a wrong answer. Depends on `chess`
//! only.
//!
//! Conventions (those of Syzygy's own prober and of Fathom):
//! - `dtz` counts plies to the next zeroing move (a capture or a pawn
//!   move) in the best play that keeps the result, or to mate; positive
//!   when the side to move wins, negative when it loses, 0 for a draw. It
//!   may be one ply more than the exact distance where the files store
//!   full moves (the format's rounding, never changing the result).
//! - `wdl` is the result under the 50-move rule counted from this
//!   position's halfmove clock: a win whose `dtz` plus the clock passes 100
//!   is a cursed win (a draw by the rule), a loss likewise a blessed loss.
//! - A checkmated side has `loss` and `dtz` 0; a stalemate `draw` and 0.

pub mod cli;
mod encoding;
mod probe;
mod table;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use crate::chess::{Color, Position};
use probe::{Prober, side_name};
use table::Table;
pub use table::TableKind;

/// The result for the side to move, under the 50-move rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    Loss,
    /// A loss the 50-move rule turns into a draw.
    BlessedLoss,
    Draw,
    /// A win the 50-move rule turns into a draw.
    CursedWin,
    Win,
}

impl Wdl {
    /// The name the console and the CLI print: `win`, `cursed-win`, ...
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed-loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed-win",
            Wdl::Win => "win",
        }
    }

    /// The same result seen by the other side.
    #[must_use]
    pub const fn other_side(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    fn from_dtz(dtz: i32, halfmove_clock: u32) -> Wdl {
        let clock = i64::from(halfmove_clock);
        let d = i64::from(dtz);
        match dtz {
            0 => Wdl::Draw,
            _ if dtz > 0 && d + clock <= 100 => Wdl::Win,
            _ if dtz > 0 => Wdl::CursedWin,
            _ if -d + clock <= 100 => Wdl::Loss,
            _ => Wdl::BlessedLoss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A probe's answer for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    pub wdl: Wdl,
    /// Plies to a zeroing move or mate, signed as the result (see the
    /// module's conventions).
    pub dtz: i32,
}

/// Why the tables could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TablebaseError {
    #[error("no tablebase directory given")]
    NoPath,
    #[error("cannot read the tablebase directory {dir}: {message}")]
    Directory { dir: String, message: String },
    #[error("no Syzygy table (.rtbw or .rtbz) in {0}")]
    NoTables(String),
    #[error("missing table {0}")]
    Missing(String),
    #[error("table {name} is corrupt or truncated: {why}")]
    Corrupt { name: String, why: String },
    #[error("cannot read table {name}: {message}")]
    Read { name: String, message: String },
    #[error("the position has {pieces} pieces; the tables hold at most {max}")]
    TooManyPieces { pieces: u32, max: u32 },
    #[error("the position has castling rights; the tables hold no such position")]
    CastlingRights,
}

/// The tables in the owner's directories, read on first use and kept.
#[derive(Debug)]
pub struct Tablebases {
    /// `KRvK.rtbw` -> its path (the first directory that has it wins).
    files: HashMap<String, PathBuf>,
    loaded: RwLock<HashMap<String, Arc<Table>>>,
    max_pieces: u32,
}

impl Tablebases {
    /// Finds the tables in `path`: directories separated by `:`, as
    /// engines take them.
    ///
    /// # Errors
    /// No directory given, a directory that cannot be read, or no table in
    /// any of them.
    pub fn open(path: &str) -> Result<Tablebases, TablebaseError> {
        let dirs: Vec<&str> = path.split(':').filter(|d| !d.trim().is_empty()).collect();
        if dirs.is_empty() {
            return Err(TablebaseError::NoPath);
        }
        let mut files = HashMap::new();
        for dir in &dirs {
            let entries = std::fs::read_dir(dir).map_err(|e| TablebaseError::Directory {
                dir: (*dir).to_owned(),
                message: e.to_string(),
            })?;
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let is_table = [TableKind::Wdl, TableKind::Dtz].iter().any(|k| {
                    name.strip_suffix(k.suffix())
                        .is_some_and(|m| table::Material::from_name(m).is_some())
                });
                if is_table {
                    files.entry(name).or_insert_with(|| entry.path());
                }
            }
        }
        if files.is_empty() {
            return Err(TablebaseError::NoTables(path.to_owned()));
        }
        let max_pieces = files
            .keys()
            .map(|n| {
                n.chars()
                    .take_while(|&c| c != '.')
                    .filter(|c| c.is_ascii_uppercase())
                    .count() as u32
            })
            .max()
            .unwrap_or(0);
        Ok(Tablebases {
            files,
            loaded: RwLock::new(HashMap::new()),
            max_pieces,
        })
    }

    /// The most pieces (kings included) of any table found.
    #[must_use]
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// How many table files were found.
    #[must_use]
    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// Whether a position is small enough for the tables and has no
    /// castling rights (the tables may still lack its material).
    #[must_use]
    pub fn covers(&self, pos: &Position) -> bool {
        pos.castling_rights().is_empty() && pos.occupied().count() <= self.max_pieces
    }

    fn check(&self, pos: &Position) -> Result<(), TablebaseError> {
        if pos.castling_rights().any() {
            return Err(TablebaseError::CastlingRights);
        }
        let pieces = pos.occupied().count();
        if pieces > self.max_pieces.max(2) {
            return Err(TablebaseError::TooManyPieces {
                pieces,
                max: self.max_pieces,
            });
        }
        Ok(())
    }

    /// WDL and DTZ for the side to move (module docs: conventions).
    ///
    /// # Errors
    /// The position is outside the tables, or a table it needs (WDL and
    /// DTZ of its material and of the materials its captures reach) is
    /// missing, unreadable or corrupt.
    pub fn probe(&self, pos: &Position) -> Result<Probe, TablebaseError> {
        self.check(pos)?;
        if !pos.has_legal_move() {
            let wdl = if pos.is_check() { Wdl::Loss } else { Wdl::Draw };
            return Ok(Probe { wdl, dtz: 0 });
        }
        let dtz = Prober { tables: self }.probe_dtz(pos)?;
        Ok(Probe {
            wdl: Wdl::from_dtz(dtz, pos.halfmove_clock()),
            dtz,
        })
    }

    /// The tables' WDL for the side to move with the halfmove clock at 0
    /// (WDL files only).
    ///
    /// # Errors
    /// As [`Tablebases::probe`], for the WDL files.
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, TablebaseError> {
        self.check(pos)?;
        if !pos.has_legal_move() {
            return Ok(if pos.is_check() { Wdl::Loss } else { Wdl::Draw });
        }
        let (v, _) = Prober { tables: self }.probe_wdl(pos)?;
        Ok(match v {
            -2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            1 => Wdl::CursedWin,
            2 => Wdl::Win,
            _ => Wdl::Draw,
        })
    }

    /// The table of a material (white's and black's side names such as
    /// `KR`, `K`), whether the file names the sides the other way round,
    /// and the file's material name.
    fn table_for(
        &self,
        white: &str,
        black: &str,
        kind: TableKind,
    ) -> Result<(Arc<Table>, String, bool), TablebaseError> {
        let direct = format!("{white}v{black}");
        let swapped = format!("{black}v{white}");
        let (name, mirrored) = if self
            .files
            .contains_key(&format!("{direct}{}", kind.suffix()))
        {
            (direct, false)
        } else if self
            .files
            .contains_key(&format!("{swapped}{}", kind.suffix()))
        {
            (swapped, true)
        } else {
            let canonical = if stronger_first(white, black) {
                direct
            } else {
                swapped
            };
            return Err(TablebaseError::Missing(format!(
                "{canonical}{}",
                kind.suffix()
            )));
        };
        let file = format!("{name}{}", kind.suffix());
        if let Some(table) = self.loaded.read().ok().and_then(|m| m.get(&file).cloned()) {
            return Ok((table, name, mirrored));
        }
        let table = Arc::new(self.load(&file, &name, kind)?);
        if let Ok(mut loaded) = self.loaded.write() {
            loaded.insert(file, Arc::clone(&table));
        }
        Ok((table, name, mirrored))
    }

    fn load(&self, file: &str, name: &str, kind: TableKind) -> Result<Table, TablebaseError> {
        let path: &Path = self
            .files
            .get(file)
            .ok_or_else(|| TablebaseError::Missing(file.to_owned()))?;
        let bytes = std::fs::read(path).map_err(|e| TablebaseError::Read {
            name: file.to_owned(),
            message: e.to_string(),
        })?;
        Table::parse(name, kind, bytes).map_err(|why| TablebaseError::Corrupt {
            name: file.to_owned(),
            why: why.to_owned(),
        })
    }
}

/// Whether the file naming puts `a`'s side first (more pieces, then the
/// stronger pieces, as the Syzygy files are named).
fn stronger_first(a: &str, b: &str) -> bool {
    const ORDER: &str = "KQRBNP";
    if a.len() != b.len() {
        return a.len() > b.len();
    }
    let rank = |s: &str| -> Vec<usize> { s.chars().filter_map(|c| ORDER.find(c)).collect() };
    rank(a) <= rank(b)
}

/// The material name of a position as a table file names it, stronger
/// side first (`KRvKB`).
#[must_use]
pub fn material_name(pos: &Position) -> String {
    let white = side_name(pos, Color::White);
    let black = side_name(pos, Color::Black);
    if stronger_first(&white, &black) {
        format!("{white}v{black}")
    } else {
        format!("{black}v{white}")
    }
}

#[cfg(test)]
mod tests;
