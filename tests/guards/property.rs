//! The property test of verify over random histories edited and re-chained (to come).
