//! The solve's working memory, kept in the world between steps.

use super::body_state::{BodySim, BodyState};
use super::contact_solver::ContactSolver;
use super::graph::{Colors, Edge};
use super::joint_solver::JointConstraint;

/// The solve's working memory, kept between steps so that a steady step allocates nothing.
/// A copy of the world starts with it empty: it holds nothing that outlives a step.
#[derive(Debug, Default)]
pub(crate) struct SolveScratch {
    pub(crate) states: Vec<BodyState>,
    pub(crate) sims: Vec<BodySim>,
    /// The solver state of each body slot (0 for bodies that do not move this step).
    pub(crate) state_of: Vec<u32>,
    pub(crate) edges: Vec<Edge>,
    pub(crate) colors: Colors,
    pub(crate) contacts: ContactSolver,
    pub(crate) joints: Vec<JointConstraint>,
    pub(crate) broken: Vec<usize>,
}

impl Clone for SolveScratch {
    fn clone(&self) -> Self {
        SolveScratch::default()
    }
}
