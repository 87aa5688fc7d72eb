//! Glicko-2 rating arithmetic (Glickman, "Example of the Glicko-2 system",
//! 2013): pure numbers, no I/O. Each rated game is its own rating period and
//! both players are updated from their ratings before the game. Used by the
//! store inside the transaction that finishes a game, and by the service.

/// Rating of a new player.
pub const START_RATING: f64 = 1500.0;
/// Rating deviation of a new player.
pub const START_RD: f64 = 350.0;
/// Volatility of a new player.
pub const START_VOLATILITY: f64 = 0.06;
/// The system constant τ (constrains the change of volatility).
pub const TAU: f64 = 0.5;
/// A rating is provisional while its deviation is above this.
pub const PROVISIONAL_RD: f64 = 110.0;

/// Glicko-2 scale factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// Convergence tolerance of the volatility iteration (step 5).
const EPSILON: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko2 {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
}

impl Default for Glicko2 {
    fn default() -> Self {
        Glicko2 {
            rating: START_RATING,
            rd: START_RD,
            volatility: START_VOLATILITY,
        }
    }
}

impl Glicko2 {
    /// Whether the rating is still provisional (RD above 110).
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// One rating period of `player` against `results` (opponent, score 1, 0.5
/// or 0), steps 2-8 of the paper. An empty period only widens the RD.
#[must_use]
pub fn rate(player: Glicko2, results: &[(Glicko2, f64)]) -> Glicko2 {
    // Step 2: the Glicko-2 scale.
    let mu = (player.rating - START_RATING) / SCALE;
    let phi = player.rd / SCALE;
    let sigma = player.volatility;
    if results.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Glicko2 {
            rd: phi_star * SCALE,
            ..player
        };
    }
    // Steps 3 and 4: the estimated variance v and improvement Δ.
    let mut inv_v = 0.0;
    let mut sum = 0.0;
    for (opp, score) in results {
        let mu_j = (opp.rating - START_RATING) / SCALE;
        let phi_j = opp.rd / SCALE;
        let e = expected(mu, mu_j, phi_j);
        inv_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
        sum += g(phi_j) * (score - e);
    }
    let v = 1.0 / inv_v;
    let delta = v * sum;
    // Step 5: the new volatility (Illinois algorithm).
    let sigma_new = volatility(phi, sigma, v, delta);
    // Step 6 and 7: the new deviation and rating.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    // Step 8: back to the Glicko scale.
    Glicko2 {
        rating: SCALE * mu_new + START_RATING,
        rd: SCALE * phi_new,
        volatility: sigma_new,
    }
}

/// Step 5 of the paper: the root of f by the Illinois algorithm.
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 200 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        rounds += 1;
    }
    (big_a / 2.0).exp()
}

/// One rated game: White's score (1, 0.5, 0) and both players' ratings
/// before it; returns both players' ratings after it.
#[must_use]
pub fn rate_game(white: Glicko2, black: Glicko2, white_score: f64) -> (Glicko2, Glicko2) {
    (
        rate(white, &[(black, white_score)]),
        rate(black, &[(white, 1.0 - white_score)]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    fn r(rating: f64, rd: f64) -> Glicko2 {
        Glicko2 {
            rating,
            rd,
            volatility: START_VOLATILITY,
        }
    }

    /// The worked example of the paper: 1500/200 beats 1400/30, loses to
    /// 1550/100 and 1700/300 → 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn glickman_paper_example() {
        let after = rate(
            r(1500.0, 200.0),
            &[
                (r(1400.0, 30.0), 1.0),
                (r(1550.0, 100.0), 0.0),
                (r(1700.0, 300.0), 0.0),
            ],
        );
        assert!(close(after.rating, 1464.05, 0.01), "{after:?}");
        assert!(close(after.rd, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.059996, 0.000_001), "{after:?}");
    }

    /// Two newcomers (1500/350): g(φ) = 0.66907, E = 0.5, v = 8.93535,
    /// φ' = 1/√(1/(φ²+σ²) + 1/v) = 1.67117 (RD 290.32), and
    /// μ' = φ'²·g·(1 − 0.5) = 0.93428 (rating 1662.31); the loser mirrors.
    #[test]
    fn newcomers_first_decisive_game() {
        let (w, b) = rate_game(Glicko2::default(), Glicko2::default(), 1.0);
        assert!(close(w.rating, 1662.31, 0.01), "{w:?}");
        assert!(close(b.rating, 1337.69, 0.01), "{b:?}");
        assert!(close(w.rd, 290.32, 0.01) && close(b.rd, 290.32, 0.01));
        assert!(w.provisional() && b.provisional());
    }

    #[test]
    fn draw_between_equals_keeps_ratings_and_narrows_rd() {
        let (w, b) = rate_game(Glicko2::default(), Glicko2::default(), 0.5);
        assert!(close(w.rating, 1500.0, 1e-9) && close(b.rating, 1500.0, 1e-9));
        assert!(close(w.rd, 290.32, 0.01));
    }

    /// Second game: 1662.31/290.32 draws a newcomer → 1623.99, RD 256.33
    /// (worked with the same formulas: E = 0.6514, the draw costs points).
    #[test]
    fn draw_against_a_weaker_newcomer_costs_points() {
        let (w, _) = rate_game(r(1662.3109, 290.319), Glicko2::default(), 0.5);
        assert!(close(w.rating, 1623.99, 0.02), "{w:?}");
        assert!(close(w.rd, 256.33, 0.02), "{w:?}");
    }

    #[test]
    fn provisional_until_rd_is_110_or_less() {
        assert!(r(1500.0, 110.1).provisional());
        assert!(!r(1500.0, 110.0).provisional());
    }

    #[test]
    fn an_empty_period_only_widens_the_deviation() {
        let after = rate(r(1500.0, 200.0), &[]);
        assert!(close(after.rating, 1500.0, 1e-9));
        assert!(close(after.rd, 200.27, 0.01), "{after:?}");
    }
}
