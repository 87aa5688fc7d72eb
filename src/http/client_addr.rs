//! Who a request comes from: the peer's address, or behind a proxy the
//! owner names (`CHESSBOT_TRUSTED_PROXIES`) the client address the proxy
//! reports in `Forwarded` or `X-Forwarded-For`. Only a named proxy is
//! believed: anyone else could write those headers.

use std::net::IpAddr;

use axum::http::HeaderMap;

/// The client address of a request (a request extension the server sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

/// The proxies whose forwarding headers are believed: addresses and
/// networks (`10.0.0.0/8`, `::1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    networks: Vec<(IpAddr, u8)>,
}

/// A setting of [`TrustedProxies`] that does not read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("not an address or network (such as 127.0.0.1, ::1 or 10.0.0.0/8): {0:?}")]
pub struct BadProxy(pub String);

impl TrustedProxies {
    /// Reads a comma- or space-separated list of addresses and networks;
    /// an empty list trusts nobody.
    ///
    /// # Errors
    /// An entry that is neither an address nor a network.
    pub fn parse(text: &str) -> Result<TrustedProxies, BadProxy> {
        let mut networks = Vec::new();
        for entry in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|e| !e.is_empty())
        {
            let bad = || BadProxy(entry.chars().take(64).collect());
            let (addr, bits) = match entry.split_once('/') {
                Some((a, b)) => (a, Some(b)),
                None => (entry, None),
            };
            let given: IpAddr = addr.parse().map_err(|_| bad())?;
            let max = if given.is_ipv4() { 32 } else { 128 };
            let bits = match bits {
                Some(b) => b.parse::<u8>().ok().filter(|b| *b <= max).ok_or_else(bad)?,
                None => max,
            };
            // An IPv4-mapped network is the IPv4 network it maps.
            let ip = canonical(given);
            let bits = if ip.is_ipv4() && given.is_ipv6() {
                bits.saturating_sub(96)
            } else {
                bits
            };
            networks.push((ip, bits));
        }
        Ok(TrustedProxies { networks })
    }

    /// Whether nobody is trusted.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.networks.is_empty()
    }

    /// Whether `ip` is one of the named proxies.
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.networks
            .iter()
            .any(|(net, bits)| in_network(ip, canonical(*net), *bits))
    }

    /// The client of a request that reached us from `peer`: the peer
    /// itself, unless it is a named proxy; then the nearest address in
    /// the forwarding chain that is not a named proxy (the chain read
    /// from the right, as each proxy appends the address it saw).
    #[must_use]
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.contains(peer) {
            return peer;
        }
        let chain = forwarded_chain(headers);
        for ip in chain.iter().rev() {
            if !self.contains(*ip) {
                return *ip;
            }
        }
        chain.first().copied().unwrap_or(peer)
    }
}

/// Whether a request says it came through a proxy (any forwarding
/// header, believed or not).
#[must_use]
pub fn came_through_proxy(headers: &HeaderMap) -> bool {
    headers.contains_key("forwarded") || headers.contains_key("x-forwarded-for")
}

/// The addresses of the forwarding chain, client first: `Forwarded`'s
/// `for=` parameters when present (RFC 7239), else `X-Forwarded-For`.
/// Obfuscated or unknown nodes (`for=unknown`, `for=_hidden`) end the
/// chain's trustworthy part and are left out.
fn forwarded_chain(headers: &HeaderMap) -> Vec<IpAddr> {
    let forwarded: Vec<IpAddr> = headers
        .get_all("forwarded")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|element| {
            element.split(';').find_map(|pair| {
                let (k, v) = pair.trim().split_once('=')?;
                k.trim().eq_ignore_ascii_case("for").then(|| node(v))?
            })
        })
        .collect();
    if !forwarded.is_empty() {
        return forwarded;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(node)
        .collect()
}

/// One node of a chain: `1.2.3.4`, `1.2.3.4:80`, `"[2001:db8::1]:4711"`.
fn node(text: &str) -> Option<IpAddr> {
    let t = text.trim().trim_matches('"');
    if let Ok(ip) = t.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = t.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    let (host, port) = t.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    host.parse().ok()
}

/// IPv4-mapped IPv6 addresses as the IPv4 address they are.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

fn in_network(ip: IpAddr, net: IpAddr, bits: u8) -> bool {
    match (ip, net) {
        (IpAddr::V4(a), IpAddr::V4(n)) => {
            let mask = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
            u32::from(a) & mask == u32::from(n) & mask
        }
        (IpAddr::V6(a), IpAddr::V6(n)) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
            u128::from(a) & mask == u128::from(n) & mask
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, v.parse().expect("header"));
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    #[test]
    fn only_a_named_proxy_is_believed() {
        let proxies = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").expect("parse");
        let h = headers(&[("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &h), ip("203.0.113.7"));
        assert_eq!(proxies.client(ip("10.2.3.4"), &h), ip("203.0.113.7"));
        // Anyone else's header is their own word: ignored.
        assert_eq!(proxies.client(ip("198.51.100.1"), &h), ip("198.51.100.1"));
        assert_eq!(
            TrustedProxies::default().client(ip("127.0.0.1"), &h),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn the_chain_is_read_from_the_right() {
        let proxies = TrustedProxies::parse("127.0.0.1 10.0.0.0/8").expect("parse");
        // The client wrote a false first entry; the proxies appended the truth.
        let h = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.7, 10.0.0.2")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &h), ip("203.0.113.7"));
        let h = headers(&[(
            "forwarded",
            "for=192.0.2.60;proto=http, for=\"[2001:db8::1]:4711\"",
        )]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &h), ip("2001:db8::1"));
        let h = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &h), ip("127.0.0.1"));
    }

    #[test]
    fn settings_that_do_not_read_are_refused() {
        assert!(TrustedProxies::parse("").expect("empty").is_empty());
        assert!(TrustedProxies::parse("localhost").is_err());
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("::1/128").is_ok());
        assert!(
            TrustedProxies::parse("::ffff:127.0.0.1")
                .expect("mapped")
                .contains(ip("127.0.0.1"))
        );
    }

    #[test]
    fn any_forwarding_header_marks_a_proxied_request() {
        assert!(came_through_proxy(&headers(&[(
            "x-forwarded-for",
            "1.2.3.4"
        )])));
        assert!(came_through_proxy(&headers(&[(
            "forwarded",
            "for=1.2.3.4"
        )])));
        assert!(!came_through_proxy(&HeaderMap::new()));
    }
}
