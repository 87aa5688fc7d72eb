//! Board colours: the themes a channel or a user may choose (brown, the
//! default, blue, green and a high-contrast one), and the constants of the
//! brown theme that the summary card and the game GIF use.

use std::fmt;
use std::str::FromStr;

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    #[must_use]
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// This colour at `t` (0..=1) over `under`, rounded.
    #[must_use]
    pub fn over(self, under: Rgb, t: f32) -> Rgb {
        let mix = |a: u8, b: u8| (f32::from(a) * t + f32::from(b) * (1.0 - t)).round() as u8;
        Rgb(
            mix(self.0, under.0),
            mix(self.1, under.1),
            mix(self.2, under.2),
        )
    }
}

/// Every colour of a board picture but the pieces' own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colors {
    pub light: Rgb,
    pub dark: Rgb,
    pub last_light: Rgb,
    pub last_dark: Rgb,
    pub check: Rgb,
    pub strip: Rgb,
    /// Names and the material balance.
    pub strip_text: Rgb,
    /// The name of the side not to move.
    pub strip_muted: Rgb,
    /// The turn marker and the deadline.
    pub accent: Rgb,
}

impl Colors {
    /// The five square backgrounds: light, dark, last-move light and dark,
    /// check.
    #[must_use]
    pub fn backgrounds(&self) -> [Rgb; 5] {
        [
            self.light,
            self.dark,
            self.last_light,
            self.last_dark,
            self.check,
        ]
    }
}

/// A board colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Warm wood, the default.
    #[default]
    Brown,
    Blue,
    Green,
    /// Near-white and slate squares, strong highlights, a black strip.
    HighContrast,
}

impl Theme {
    pub const ALL: [Theme; 4] = [Theme::Brown, Theme::Blue, Theme::Green, Theme::HighContrast];

    /// The name used in settings and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Theme::Brown => "brown",
            Theme::Blue => "blue",
            Theme::Green => "green",
            Theme::HighContrast => "high-contrast",
        }
    }

    /// The colours of this theme.
    #[must_use]
    pub fn colors(self) -> &'static Colors {
        match self {
            Theme::Brown => &BROWN,
            Theme::Blue => &BLUE,
            Theme::Green => &GREEN,
            Theme::HighContrast => &HIGH_CONTRAST,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name nobody knows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown board theme {0:?} (brown, blue, green, high-contrast)")]
pub struct ParseThemeError(pub String);

impl FromStr for Theme {
    type Err = ParseThemeError;

    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        let key: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        Ok(match key.as_str() {
            "brown" | "wood" => Theme::Brown,
            "blue" => Theme::Blue,
            "green" => Theme::Green,
            "highcontrast" | "contrast" | "hc" => Theme::HighContrast,
            _ => return Err(ParseThemeError(s.to_string())),
        })
    }
}

pub const LIGHT: Rgb = Rgb(0xe9, 0xe1, 0xcf);
pub const DARK: Rgb = Rgb(0xa8, 0x8b, 0x6e);
pub const LAST_LIGHT: Rgb = Rgb(0xee, 0xd9, 0x7e);
pub const LAST_DARK: Rgb = Rgb(0xcb, 0xaa, 0x50);
pub const CHECK: Rgb = Rgb(0xe0, 0x6c, 0x5a);
pub const STRIP: Rgb = Rgb(0x6c, 0x64, 0x5b);
pub const STRIP_TEXT: Rgb = Rgb(0xf6, 0xf3, 0xec);
pub const STRIP_MUTED: Rgb = Rgb(0xc9, 0xc1, 0xb5);
pub const MATE: Rgb = Rgb(0xc8, 0x30, 0x2a);
pub const WIN: Rgb = Rgb(0xd9, 0x9e, 0x17);
pub const DRAW: Rgb = Rgb(0x80, 0x86, 0x8e);
pub const BADGE_MARK: Rgb = Rgb(0xff, 0xff, 0xff);
/// The turn marker and deadline of the brown theme.
pub const ACCENT: Rgb = Rgb(0xf2, 0xc2, 0x4b);

/// Brown (the default): calm and readable in Discord's light and dark
/// themes.
pub const BROWN: Colors = Colors {
    light: LIGHT,
    dark: DARK,
    last_light: LAST_LIGHT,
    last_dark: LAST_DARK,
    check: CHECK,
    strip: STRIP,
    strip_text: STRIP_TEXT,
    strip_muted: STRIP_MUTED,
    accent: ACCENT,
};

pub const BLUE: Colors = Colors {
    light: Rgb(0xde, 0xe3, 0xe6),
    dark: Rgb(0x8c, 0xa2, 0xad),
    last_light: Rgb(0xc3, 0xd8, 0x87),
    last_dark: Rgb(0x92, 0xb1, 0x66),
    check: CHECK,
    strip: Rgb(0x4a, 0x5a, 0x66),
    strip_text: Rgb(0xf2, 0xf5, 0xf7),
    strip_muted: Rgb(0xbf, 0xcb, 0xd3),
    accent: Rgb(0xf2, 0xc2, 0x4b),
};

pub const GREEN: Colors = Colors {
    light: Rgb(0xee, 0xee, 0xd2),
    dark: Rgb(0x76, 0x96, 0x56),
    last_light: Rgb(0xf6, 0xf6, 0x69),
    last_dark: Rgb(0xba, 0xca, 0x2b),
    check: CHECK,
    strip: Rgb(0x3f, 0x4a, 0x36),
    strip_text: Rgb(0xf4, 0xf4, 0xe6),
    strip_muted: Rgb(0xc4, 0xcc, 0xb4),
    accent: Rgb(0xf6, 0xf6, 0x69),
};

pub const HIGH_CONTRAST: Colors = Colors {
    light: Rgb(0xfa, 0xfa, 0xfa),
    dark: Rgb(0x5c, 0x6b, 0x7a),
    last_light: Rgb(0xff, 0xe0, 0x4d),
    last_dark: Rgb(0xd1, 0x9a, 0x00),
    check: Rgb(0xff, 0x3b, 0x30),
    strip: Rgb(0x10, 0x10, 0x10),
    strip_text: Rgb(0xff, 0xff, 0xff),
    strip_muted: Rgb(0xd0, 0xd0, 0xd0),
    accent: Rgb(0xff, 0xd6, 0x00),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_parse_by_name_and_differ() {
        for t in Theme::ALL {
            assert_eq!(t.name().parse::<Theme>(), Ok(t));
            assert_eq!(t.to_string().parse::<Theme>(), Ok(t));
        }
        assert_eq!("High Contrast".parse::<Theme>(), Ok(Theme::HighContrast));
        assert!("purple".parse::<Theme>().is_err());
        for (i, a) in Theme::ALL.iter().enumerate() {
            for b in &Theme::ALL[i + 1..] {
                assert_ne!(a.colors().light, b.colors().light);
                assert_ne!(a.colors().dark, b.colors().dark);
            }
        }
        assert_eq!(Theme::default(), Theme::Brown);
    }
}
