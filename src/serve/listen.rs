//! The server's accept loop: which connections are taken, how long a silent one is kept, and
//! how the server stops. A request's head must arrive whole within the header timeout (which
//! also closes a kept-alive connection that sends no next request), a connection on which no
//! byte moves either way for the idle timeout is closed, and no more than the cap of
//! connections are open at once: the one over the cap is not accepted (it waits in the
//! system's listen queue) until another closes, so slow or greedy peers cannot use up the
//! process's file descriptors.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::time::Instant;
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt;

/// How long a stop waits for the requests in flight before it closes their connections: a
/// live stream never ends by itself, and a stop must end.
const DRAIN: Duration = Duration::from_secs(5);

/// How long the loop rests after the system refuses to accept (out of descriptors, say).
const REST: Duration = Duration::from_millis(250);

/// The bounds every connection is served under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How long a request's head (its request line and headers) may take to arrive whole,
    /// counted from when the connection waits for it: its opening, or the previous answer.
    pub header: Duration,
    /// How long a connection may stay open with no byte moving either way.
    pub idle: Duration,
    /// How many connections may be open at once.
    pub connections: usize,
}

/// How often a never-ending answer (the page's live stream) sends a keep-alive, given to each
/// request: a quarter of the idle timeout, so an open page is never cut as idle.
#[derive(Debug, Clone, Copy)]
pub struct Pulse(pub Duration);

/// Serves `router` on `listener` under `limits` (over TLS when `tls` is given: a handshake
/// must end within the header timeout) until `stop` resolves, then stops accepting, lets each
/// connection finish the request in flight (for at most [`DRAIN`]) and returns once every
/// connection is closed.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    tls: Option<TlsAcceptor>,
    stop: impl Future<Output = ()>,
) {
    let connections = limits.connections.clamp(1, Semaphore::MAX_PERMITS);
    let open = Arc::new(Semaphore::new(connections));
    let (stopping, stopped) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = next(&listener, &open) => accepted,
        };
        if let Some((permit, stream, peer)) = accepted {
            let (router, stopped, tls) = (router.clone(), stopped.clone(), tls.clone());
            tokio::spawn(async move {
                match tls {
                    None => connection(stream, peer, router, limits, stopped).await,
                    // A peer that does not finish its handshake in time, or fails it (plain
                    // HTTP sent to an https port, a certificate its client refused), is let go.
                    Some(tls) => {
                        if let Ok(Ok(stream)) = tokio::time::timeout(limits.header, tls.accept(stream)).await
                        {
                            connection(stream, peer, router, limits, stopped).await;
                        }
                    }
                }
                drop(permit);
            });
        }
    }
    drop(listener);
    let _told = stopping.send(true);
    // Every connection gives its permit back when it closes; all of them back means all closed.
    let all = u32::try_from(connections).unwrap_or(u32::MAX);
    let _closed = tokio::time::timeout(DRAIN + REST, open.acquire_many(all)).await;
}

/// Waits for a free place under the cap, then for a connection; `None` when the system refused
/// one (it is tried again).
async fn next(
    listener: &TcpListener,
    open: &Arc<Semaphore>,
) -> Option<(OwnedSemaphorePermit, TcpStream, SocketAddr)> {
    let permit = Arc::clone(open).acquire_owned().await.ok()?;
    match listener.accept().await {
        Ok((stream, peer)) => Some((permit, stream, peer)),
        Err(e) => {
            // A peer that gave up before it was accepted costs nothing; anything else (no
            // descriptor left) is waited out rather than spun on.
            if !matches!(
                e.kind(),
                std::io::ErrorKind::ConnectionAborted | std::io::ErrorKind::ConnectionReset
            ) {
                tokio::time::sleep(REST).await;
            }
            None
        }
    }
}

/// Serves one connection until it closes, falls idle, or the server stops and its request in
/// flight is answered (or [`DRAIN`] passes).
async fn connection<S: AsyncRead + AsyncWrite + Unpin + Send + 'static>(
    stream: S,
    peer: SocketAddr,
    router: Router,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) {
    let moved = Moved::new();
    let io = TokioIo::new(Watched {
        stream,
        moved: moved.clone(),
    });
    let pulse = Pulse(limits.idle / 4);
    let service = TowerToHyperService::new(router.map_request(move |mut request: Request<Incoming>| {
        // The handlers take the peer's address (sign-in limits) and the stream's keep-alive
        // from the request, as `axum::serve` would give the first.
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(pulse);
        request
    }));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header);
    let served = builder.serve_connection(io, service);
    tokio::pin!(served);
    let silent = moved.silent_for(limits.idle);
    tokio::pin!(silent);
    tokio::select! {
        _ended = served.as_mut() => return,
        () = &mut silent => return,
        _stopping = stopped.wait_for(|stopping| *stopping) => served.as_mut().graceful_shutdown(),
    }
    tokio::select! {
        _ended = served => {}
        () = silent => {}
        () = tokio::time::sleep(DRAIN) => {}
    }
}

/// When a byte last moved on a connection, either way.
#[derive(Clone)]
struct Moved {
    since: Instant,
    /// Milliseconds after `since`.
    last: Arc<AtomicU64>,
}

impl Moved {
    fn new() -> Moved {
        Moved {
            since: Instant::now(),
            last: Arc::new(AtomicU64::new(0)),
        }
    }

    fn touch(&self) {
        let millis = u64::try_from(self.since.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(millis, Ordering::Relaxed);
    }

    /// Notes a write that sent at least a byte.
    fn wrote(&self, polled: &Poll<std::io::Result<usize>>) {
        if matches!(polled, Poll::Ready(Ok(sent)) if *sent > 0) {
            self.touch();
        }
    }

    /// Resolves once no byte has moved for `idle`.
    async fn silent_for(&self, idle: Duration) {
        loop {
            let last = self.since + Duration::from_millis(self.last.load(Ordering::Relaxed));
            let due = last + idle;
            if Instant::now() >= due {
                return;
            }
            tokio::time::sleep_until(due).await;
        }
    }
}

/// A connection's stream (plain or TLS) that notes when bytes move.
struct Watched<S> {
    stream: S,
    moved: Moved,
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            this.moved.touch();
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write(cx, bytes);
        this.moved.wrote(&polled);
        polled
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.moved.wrote(&polled);
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
