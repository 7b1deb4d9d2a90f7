//! Simulated link conditions on our own sends: a share of datagrams lost and a fixed delay
//! before each leaves, drawn from the project's seeded generator so that a run's losses
//! repeat. The wall clock decides only when bytes move; rollback absorbs that, so it never
//! reaches the simulation.

use crate::rng::Pcg32;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How the link should misbehave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkConditions {
    /// Share of sent datagrams dropped, 0 to 1.
    pub loss: f64,
    /// How long each sent datagram waits before it leaves.
    pub delay: Duration,
    /// Seed of the loss draws.
    pub seed: u64,
}

impl Default for LinkConditions {
    /// A perfect link.
    fn default() -> Self {
        LinkConditions {
            loss: 0.0,
            delay: Duration::ZERO,
            seed: 1,
        }
    }
}

/// Datagrams on their way out: dropped by the draw, or held until their time comes.
#[derive(Debug)]
pub struct Link {
    conditions: LinkConditions,
    rng: Pcg32,
    queue: VecDeque<(Instant, Vec<u8>)>,
    /// Datagrams the simulated loss dropped.
    pub lost: u64,
}

impl Link {
    /// A link with `conditions`.
    pub fn new(conditions: LinkConditions) -> Link {
        Link {
            conditions,
            rng: Pcg32::new(conditions.seed),
            queue: VecDeque::new(),
            lost: 0,
        }
    }

    /// Hands a datagram to the link at `now`; it leaves from [`Link::due`] once its delay has
    /// passed, unless the draw loses it.
    pub fn push(&mut self, now: Instant, datagram: Vec<u8>) {
        if self.conditions.loss > 0.0 && self.rng.next_f64() < self.conditions.loss {
            self.lost += 1;
            return;
        }
        self.queue
            .push_back((now + self.conditions.delay, datagram));
    }

    /// The datagrams whose time has come at `now`, oldest first (the delay is the same for
    /// all, so order is kept).
    pub fn due(&mut self, now: Instant) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        while self.queue.front().is_some_and(|(t, _)| *t <= now) {
            if let Some((_, d)) = self.queue.pop_front() {
                out.push(d);
            }
        }
        out
    }

    /// Datagrams still waiting.
    pub fn waiting(&self) -> usize {
        self.queue.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delay_holds_datagrams_in_order_and_loss_follows_the_seed() {
        let t0 = Instant::now();
        let mut link = Link::new(LinkConditions {
            delay: Duration::from_millis(100),
            ..LinkConditions::default()
        });
        link.push(t0, vec![1]);
        link.push(t0 + Duration::from_millis(10), vec![2]);
        assert!(link.due(t0 + Duration::from_millis(99)).is_empty());
        assert_eq!(link.due(t0 + Duration::from_millis(105)), vec![vec![1]]);
        assert_eq!(link.due(t0 + Duration::from_millis(200)), vec![vec![2]]);

        let lossy = |seed| {
            let mut l = Link::new(LinkConditions {
                loss: 0.05,
                seed,
                ..LinkConditions::default()
            });
            (0..10_000).for_each(|i| l.push(t0, vec![i as u8]));
            (l.lost, l.due(t0).len())
        };
        let (lost, sent) = lossy(3);
        assert_eq!(lost as usize + sent, 10_000);
        assert!((400..600).contains(&lost), "5% of 10,000 lost: {lost}");
        assert_eq!(
            lossy(3),
            (lost, sent),
            "the same seed loses the same datagrams"
        );
        assert_ne!(lossy(4).0, 0);
    }
}
