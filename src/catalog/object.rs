//! A card file is a JSON object naming its fields, never an array read by position, and
//! never naming one key twice.

use std::collections::BTreeSet;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// Reads `text` as a JSON object of type `T`. serde would also read a JSON array field by
/// field, and keep the last of two equal keys; a card file must name its fields, each once
/// (compared without case, as muster compares ability and Hardy names).
pub(crate) fn from_object<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str::<Once>(text).map_err(|e| e.to_string())?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if !value.is_object() {
        return Err("it is not a JSON object {…} naming its fields".to_owned());
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// Any JSON value in which no object names a key twice.
struct Once;

impl<'de> Deserialize<'de> for Once {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Once, D::Error> {
        deserializer.deserialize_any(OnceVisitor)
    }
}

struct OnceVisitor;

impl<'de> Visitor<'de> for OnceVisitor {
    type Value = Once;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Once, E> {
        Ok(Once)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Once, E> {
        Ok(Once)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Once, E> {
        Ok(Once)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Once, E> {
        Ok(Once)
    }

    fn visit_str<E>(self, _: &str) -> Result<Once, E> {
        Ok(Once)
    }

    fn visit_unit<E>(self) -> Result<Once, E> {
        Ok(Once)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Once, A::Error> {
        while seq.next_element::<Once>()?.is_some() {}
        Ok(Once)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Once, A::Error> {
        let mut seen = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.to_lowercase()) {
                return Err(de::Error::custom(format!(
                    "the key '{key}' is given twice (keys are compared without case); give each once"
                )));
            }
            map.next_value::<Once>()?;
        }
        Ok(Once)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_in_any_case_at_any_depth_is_refused_naming_it() {
        let twice = r#"{"name": "R", "abilities": {"Medic": "6+", "medic": "3+"}}"#;
        let refused = from_object::<serde_json::Value>(twice).err().unwrap_or_default();
        assert!(refused.contains("the key 'medic' is given twice"), "{refused}");
        let exact = r#"{"rp": 1, "rp": 2}"#;
        assert!(from_object::<serde_json::Value>(exact).is_err());
        let fine = r#"{"a": {"x": 1}, "b": [{"x": 2}, {"x": 3}]}"#;
        assert!(from_object::<serde_json::Value>(fine).is_ok());
    }
}
