//! The window's online screens and how the player moves through them: the form (host on a
//! port, or join an address), waiting for a joiner or for the host's answer, the connection
//! screen (the peer's address, ping and input delay while the session synchronises), the
//! match, its result, and back to the title with a message when anything ends it. Pure state: the window
//! feeds in what the player chose ([`OnlineIntent`]) and what the network reported
//! ([`NetNews`]), and carries out the [`OnlineCommand`]s that come back. Tested without a
//! window or a socket.

use std::net::SocketAddr;

/// The port offered when the player leaves it out.
pub const DEFAULT_PORT: u16 = 7000;

/// The input delay the form offers first, in steps.
pub const DEFAULT_INPUT_DELAY: u8 = 2;

/// The largest input delay the form accepts, in steps.
pub const MAX_INPUT_DELAY: u8 = 8;

/// What the connection screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerInfo {
    /// The peer's address.
    pub peer: SocketAddr,
    /// The level's file name among the shipped levels.
    pub level: String,
    /// Steps between a local input and the step it applies to.
    pub input_delay: u8,
    /// The last measured round trip, in milliseconds.
    pub ping_ms: Option<u32>,
    /// The opening round trips done and needed.
    pub synced: (u32, u32),
}

/// The online screen showing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineScreen {
    /// Host or join: what the player has typed, and a problem with it.
    Form {
        /// The port to host on.
        port: String,
        /// The host's address, to join.
        address: String,
        /// Why the last choice could not be used.
        problem: Option<String>,
    },
    /// Hosting on a port, waiting for someone to join.
    Hosting {
        /// The port (the one to open).
        port: u16,
    },
    /// Asking the host for its level.
    Joining {
        /// The host.
        host: SocketAddr,
    },
    /// Agreed on the level; the session synchronises.
    Connecting(PeerInfo),
    /// The match runs.
    Playing(PeerInfo),
    /// The match was decided; the result in words (who won).
    Over {
        /// The connection as it was.
        info: PeerInfo,
        /// Who won, or how the match ended.
        result: String,
    },
}

/// What the player chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineIntent {
    /// Host on the typed port, offering a level (its name under the levels folder) with
    /// an input delay.
    Host {
        /// The port as typed.
        port: String,
        /// The level's name under the levels folder, like `arenas/versus_quarry.ron`.
        level: String,
        /// Steps between a local input and the step it applies to.
        input_delay: u8,
    },
    /// Join the typed address (`HOST:PORT`, or `HOST` for [`DEFAULT_PORT`]).
    Join(String),
    /// Leave: the form goes back to the title; anything later ends the attempt or match.
    Cancel,
}

/// What the network reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetNews {
    /// The handshake finished: the peer, the level and the input delay.
    Agreed {
        /// The peer.
        peer: SocketAddr,
        /// The level's name.
        level: String,
        /// The input delay.
        input_delay: u8,
    },
    /// The session's opening round trips: done of total.
    Syncing(u32, u32),
    /// The session runs.
    Running,
    /// A new ping, in milliseconds.
    Ping(u32),
    /// The match was decided (the result in words).
    Over(String),
    /// The attempt or the match ended, and why (a lost peer, a refusal, any error).
    Ended(String),
}

/// What the window must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineCommand {
    /// Bind the port and wait for a joiner, offering the level with the input delay.
    Host {
        /// The port.
        port: u16,
        /// The level's name under the levels folder.
        level: String,
        /// The input delay, in steps.
        input_delay: u8,
    },
    /// Ask the host at this address.
    Join(SocketAddr),
    /// Load the agreed level and start the session.
    StartMatch,
    /// Close the socket and the session, and show the title with this message (none when
    /// the player simply left).
    ToTitle(Option<String>),
}

/// Reads a port typed by the player.
pub fn parse_port(text: &str) -> Result<u16, String> {
    match text.trim().parse::<u16>() {
        Ok(p) if p > 0 => Ok(p),
        _ => Err(format!(
            "`{}` is not a port: a number from 1 to 65535",
            text.trim()
        )),
    }
}

/// Reads an address typed by the player: `IP:PORT`, or an IP alone for [`DEFAULT_PORT`].
pub fn parse_address(text: &str) -> Result<SocketAddr, String> {
    let t = text.trim();
    t.parse::<SocketAddr>()
        .or_else(|_| {
            t.parse::<std::net::IpAddr>()
                .map(|ip| SocketAddr::new(ip, DEFAULT_PORT))
        })
        .map_err(|_| {
            format!("`{t}` is not an address: type the host's IP and port, like 192.168.1.10:7000")
        })
}

impl OnlineScreen {
    /// The form as it opens.
    pub fn form() -> OnlineScreen {
        OnlineScreen::Form {
            port: DEFAULT_PORT.to_string(),
            address: String::new(),
            problem: None,
        }
    }

    /// The player chose; returns what the window must do.
    pub fn choose(&mut self, intent: OnlineIntent) -> Option<OnlineCommand> {
        use OnlineScreen::*;
        match (intent, &mut *self) {
            (
                OnlineIntent::Host {
                    port: text,
                    level,
                    input_delay,
                },
                Form { port, problem, .. },
            ) => {
                *port = text.clone();
                match parse_port(&text) {
                    Ok(_) if level.is_empty() => {
                        *problem = Some("choose a level to host".to_string());
                        None
                    }
                    Ok(p) => {
                        *self = Hosting { port: p };
                        Some(OnlineCommand::Host {
                            port: p,
                            level,
                            input_delay: input_delay.min(MAX_INPUT_DELAY),
                        })
                    }
                    Err(e) => {
                        *problem = Some(e);
                        None
                    }
                }
            }
            (
                OnlineIntent::Join(text),
                Form {
                    address, problem, ..
                },
            ) => {
                *address = text.clone();
                match parse_address(&text) {
                    Ok(a) => {
                        *self = Joining { host: a };
                        Some(OnlineCommand::Join(a))
                    }
                    Err(e) => {
                        *problem = Some(e);
                        None
                    }
                }
            }
            (OnlineIntent::Cancel, _) => Some(OnlineCommand::ToTitle(None)),
            _ => None,
        }
    }

    /// The network reported; returns what the window must do.
    pub fn hear(&mut self, news: NetNews) -> Option<OnlineCommand> {
        use OnlineScreen::*;
        match (news, &mut *self) {
            (NetNews::Ended(why), _) => Some(OnlineCommand::ToTitle(Some(why))),
            (
                NetNews::Agreed {
                    peer,
                    level,
                    input_delay,
                },
                Hosting { .. } | Joining { .. },
            ) => {
                *self = Connecting(PeerInfo {
                    peer,
                    level,
                    input_delay,
                    ping_ms: None,
                    synced: (0, 0),
                });
                Some(OnlineCommand::StartMatch)
            }
            (NetNews::Syncing(done, total), Connecting(info)) => {
                info.synced = (done, total);
                None
            }
            (NetNews::Running, Connecting(info)) => {
                let info = info.clone();
                *self = Playing(info);
                None
            }
            (NetNews::Ping(ms), Connecting(info) | Playing(info)) => {
                info.ping_ms = Some(ms);
                None
            }
            (NetNews::Over(result), Playing(info)) => {
                let info = info.clone();
                *self = Over { info, result };
                None
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(s: &str) -> SocketAddr {
        s.parse().unwrap()
    }

    fn host(port: &str) -> OnlineIntent {
        OnlineIntent::Host {
            port: port.into(),
            level: "arenas/versus_quarry.ron".into(),
            input_delay: 3,
        }
    }

    #[test]
    fn host_waits_connects_plays_and_a_lost_peer_returns_to_the_title_with_why() {
        let mut s = OnlineScreen::form();
        assert_eq!(
            s.choose(host("7010")),
            Some(OnlineCommand::Host {
                port: 7010,
                level: "arenas/versus_quarry.ron".into(),
                input_delay: 3
            })
        );
        assert_eq!(s, OnlineScreen::Hosting { port: 7010 });
        // Session news before the handshake is over changes nothing.
        assert_eq!(s.hear(NetNews::Running), None);
        assert_eq!(s, OnlineScreen::Hosting { port: 7010 });
        let agreed = NetNews::Agreed {
            peer: addr("10.0.0.2:50123"),
            level: "arenas/versus_quarry.ron".into(),
            input_delay: 3,
        };
        assert_eq!(s.hear(agreed), Some(OnlineCommand::StartMatch));
        s.hear(NetNews::Syncing(2, 5));
        s.hear(NetNews::Ping(42));
        let OnlineScreen::Connecting(info) = &s else {
            panic!("{s:?}")
        };
        assert_eq!(
            (info.peer, info.input_delay, info.ping_ms, info.synced),
            (addr("10.0.0.2:50123"), 3, Some(42), (2, 5))
        );
        s.hear(NetNews::Running);
        s.hear(NetNews::Ping(57));
        let OnlineScreen::Playing(info) = &s else {
            panic!("{s:?}")
        };
        assert_eq!(
            (info.ping_ms, info.level.as_str()),
            (Some(57), "arenas/versus_quarry.ron")
        );
        let why = "lost the peer at 10.0.0.2:50123 at step 900: nothing heard from it for 3.0 s";
        assert_eq!(
            s.hear(NetNews::Ended(why.into())),
            Some(OnlineCommand::ToTitle(Some(why.into())))
        );
    }

    #[test]
    fn a_decided_match_shows_its_result_and_a_late_lost_peer_still_returns_with_why() {
        let info = PeerInfo {
            peer: addr("10.0.0.2:7000"),
            level: "arenas/race_ring.ron".into(),
            input_delay: 2,
            ping_ms: Some(30),
            synced: (5, 5),
        };
        let mut s = OnlineScreen::Connecting(info.clone());
        // A result heard before the match runs is not one.
        assert_eq!(s.hear(NetNews::Over("Player 1 wins".into())), None);
        assert!(matches!(s, OnlineScreen::Connecting(_)));
        s.hear(NetNews::Running);
        assert_eq!(s.hear(NetNews::Over("Player 2 wins".into())), None);
        assert_eq!(
            s,
            OnlineScreen::Over {
                info,
                result: "Player 2 wins".into()
            }
        );
        // Pings after the result change nothing; leaving goes to the title quietly.
        let before = s.clone();
        s.hear(NetNews::Ping(99));
        assert_eq!(s, before);
        assert_eq!(
            s.choose(OnlineIntent::Cancel),
            Some(OnlineCommand::ToTitle(None))
        );
    }

    #[test]
    fn hosting_needs_a_level_and_the_input_delay_is_capped() {
        let mut s = OnlineScreen::form();
        let none = OnlineIntent::Host {
            port: "7000".into(),
            level: String::new(),
            input_delay: 2,
        };
        assert_eq!(s.choose(none), None);
        let OnlineScreen::Form { problem, .. } = &s else {
            panic!("{s:?}")
        };
        assert!(problem.as_deref().unwrap().contains("level"));
        let greedy = OnlineIntent::Host {
            port: "7000".into(),
            level: "arenas/coop_relay.ron".into(),
            input_delay: 200,
        };
        assert_eq!(
            s.choose(greedy),
            Some(OnlineCommand::Host {
                port: 7000,
                level: "arenas/coop_relay.ron".into(),
                input_delay: MAX_INPUT_DELAY
            })
        );
    }

    #[test]
    fn a_joiner_refused_for_its_level_returns_to_the_title_with_the_reason() {
        let mut s = OnlineScreen::form();
        assert_eq!(
            s.choose(OnlineIntent::Join("192.168.1.10".into())),
            Some(OnlineCommand::Join(addr("192.168.1.10:7000")))
        );
        let why = "the host's level `11_reactor.ron` differs from this one";
        assert_eq!(
            s.hear(NetNews::Ended(why.into())),
            Some(OnlineCommand::ToTitle(Some(why.into())))
        );
    }

    #[test]
    fn a_bad_port_or_address_stays_on_the_form_and_says_why() {
        let mut s = OnlineScreen::form();
        for bad in ["0", "70000", "seven", ""] {
            assert_eq!(s.choose(host(bad)), None, "{bad}");
            let OnlineScreen::Form { problem, port, .. } = &s else {
                panic!("{s:?}")
            };
            assert!(problem.as_deref().unwrap().contains("not a port"), "{bad}");
            assert_eq!(port, bad);
        }
        assert_eq!(s.choose(OnlineIntent::Join("10.0.0.1:99999".into())), None);
        let OnlineScreen::Form { problem, .. } = &s else {
            panic!("{s:?}")
        };
        assert!(problem.as_deref().unwrap().contains("not an address"));
        assert_eq!(
            s.choose(OnlineIntent::Join(" [::1]:7100 ".into())),
            Some(OnlineCommand::Join(addr("[::1]:7100")))
        );
    }

    #[test]
    fn cancel_leaves_from_anywhere_without_a_message() {
        let mut s = OnlineScreen::Hosting { port: 7000 };
        assert_eq!(
            s.choose(OnlineIntent::Cancel),
            Some(OnlineCommand::ToTitle(None))
        );
        let mut f = OnlineScreen::form();
        assert_eq!(
            f.choose(OnlineIntent::Cancel),
            Some(OnlineCommand::ToTitle(None))
        );
    }
}
