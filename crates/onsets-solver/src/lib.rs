//! Exact solver for On-Sets positions (work in progress, issue 3).
