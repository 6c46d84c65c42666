//! The signal that stops the server: Ctrl-C or SIGTERM. The accept loop (`listen.rs`) then
//! stops accepting and finishes the requests in flight, closing any still open after a bound
//! (a live stream never ends by itself); a command being recorded lands whole, as the runtime
//! waits for its blocking thread.

/// Resolves on the first Ctrl-C or SIGTERM.
pub async fn signal() {
    let ctrl_c = async {
        // A runtime that cannot listen for Ctrl-C still stops on SIGTERM.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
    eprintln!("muster serve: stopping once the requests in flight are answered");
}
