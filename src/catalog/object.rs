//! A card file is a JSON object naming its fields, never an array read by position.

/// Reads `text` as a JSON object of type `T`. serde would also read a JSON array field by
/// field; a card file must name its fields, so an array is refused.
pub(crate) fn from_object<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if !value.is_object() {
        return Err("it is not a JSON object {…} naming its fields".to_owned());
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}
