//! LSP's base protocol on our own reader, in place of `lsp-server`'s stdio
//! transport, which trusts every byte it reads: it allocates whatever a
//! `Content-Length` says before reading a byte (a panic for
//! `18446744073709551615`, an abort for ten gigabytes) and stops the server
//! on any frame it cannot parse. Here a frame's length is capped before
//! anything is read, and the body grows only as bytes come; a frame read
//! whole whose body is no message is answered with a JSON-RPC error and the
//! stream goes on; only when the framing itself is lost (no length, a bad
//! one, the input ending inside a frame) does the server stop, saying why.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, ErrorCode, Message};
use serde_json::{Value, json};

/// The longest body taken: far above any chapter an editor sends (the
/// bundled book is under 2 MB), far below what would exhaust memory.
pub const MAX_BODY: u64 = 64 << 20;
/// The longest header line; real ones are under 60 bytes.
const MAX_HEADER_LINE: u64 = 1024;
/// The most header lines a frame may have; LSP defines two.
const MAX_HEADERS: usize = 16;

/// Why no frame can be read any more.
#[derive(Debug, PartialEq)]
pub enum Stop {
    /// The input ended between frames.
    End,
    /// The input cannot be cut into frames any more, and why.
    Lost(String),
}

/// A frame's body, or the error response that refuses the frame.
pub type Frame = Result<Vec<u8>, Value>;

/// Reads frames (headers, a blank line, a body) off `input`.
pub struct Reader<R> {
    input: R,
}

impl<R: BufRead> Reader<R> {
    pub fn new(input: R) -> Reader<R> {
        Reader { input }
    }

    /// The next frame. A frame whose headers break a rule the length does
    /// not depend on (a line ended by LF alone, a line with no `:`) is read
    /// whole and refused with a parse error.
    pub fn frame(&mut self) -> Result<Frame, Stop> {
        let mut length: Option<u64> = None;
        let mut flaw: Option<String> = None;
        for count in 0.. {
            let line = self.header_line(count == 0)?;
            let text = match line.strip_suffix(b"\r\n") {
                Some(text) => text,
                None => {
                    flaw.get_or_insert_with(|| {
                        "a header line ends in LF alone: LSP ends them with CRLF".into()
                    });
                    &line[..line.len() - 1]
                }
            };
            if text.is_empty() {
                break;
            }
            if count == MAX_HEADERS {
                return Err(Stop::Lost(format!(
                    "a message has more than {MAX_HEADERS} header lines"
                )));
            }
            let Some((name, value)) = std::str::from_utf8(text)
                .ok()
                .and_then(|t| t.split_once(':'))
            else {
                flaw.get_or_insert_with(|| {
                    format!("a header line is not `name: value`: {:?}", shown(text))
                });
                continue;
            };
            if name.trim().eq_ignore_ascii_case("Content-Length") {
                let value = value.trim();
                let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
                let n = value.parse::<u64>().ok().filter(|_| digits);
                let Some(n) = n else {
                    return Err(Stop::Lost(format!(
                        "Content-Length {:?} is no length",
                        shown(value.as_bytes())
                    )));
                };
                if length.is_some_and(|l| l != n) {
                    return Err(Stop::Lost("two Content-Length headers disagree".into()));
                }
                length = Some(n);
            }
        }
        let Some(length) = length else {
            return Err(Stop::Lost("a message has no Content-Length header".into()));
        };
        if length > MAX_BODY {
            return Err(Stop::Lost(format!(
                "a message of {length} bytes is over the limit of {MAX_BODY} bytes"
            )));
        }
        let mut body = Vec::new();
        (&mut self.input)
            .take(length)
            .read_to_end(&mut body)
            .map_err(|e| Stop::Lost(format!("cannot read a message: {e}")))?;
        if (body.len() as u64) < length {
            return Err(Stop::Lost(format!(
                "the input ended {} bytes into a message of {length} bytes",
                body.len()
            )));
        }
        Ok(match flaw {
            Some(flaw) => Err(error(Value::Null, ErrorCode::ParseError, &flaw)),
            None => Ok(body),
        })
    }

    /// One header line with its line break, capped; empty at the end of the
    /// input, which is a clean end only before a frame's `first` line.
    fn header_line(&mut self, first: bool) -> Result<Vec<u8>, Stop> {
        let mut line = Vec::new();
        (&mut self.input)
            .take(MAX_HEADER_LINE + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| Stop::Lost(format!("cannot read a header: {e}")))?;
        match line.last() {
            Some(b'\n') => Ok(line),
            None if first => Err(Stop::End),
            None => Err(Stop::Lost(
                "the input ended inside a message's headers".into(),
            )),
            Some(_) if line.len() as u64 > MAX_HEADER_LINE => Err(Stop::Lost(format!(
                "a header line is longer than {MAX_HEADER_LINE} bytes"
            ))),
            Some(_) => Err(Stop::Lost(
                "the input ended inside a message's headers".into(),
            )),
        }
    }
}

/// At most the first 40 bytes of `bytes`, lossily, for a message.
fn shown(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(40)]).into_owned()
}

/// The message a frame's body holds, or the error response that refuses
/// it: -32700 when it is not UTF-8 or not JSON, -32600 when it is JSON but
/// no JSON-RPC message (an `id` that is neither an integer nor a string, a
/// batch, no `method`), echoing its `id` when it has a usable one.
pub fn parse(body: &[u8]) -> Result<Message, Value> {
    let text = std::str::from_utf8(body).map_err(|e| {
        let why = format!("the message is not UTF-8 (at byte {})", e.valid_up_to());
        error(Value::Null, ErrorCode::ParseError, &why)
    })?;
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let why = format!("the message is not JSON: {e}");
        error(Value::Null, ErrorCode::ParseError, &why)
    })?;
    let id = match &value["id"] {
        id @ Value::String(_) => id.clone(),
        id @ Value::Number(n) if n.as_i64().is_some_and(|n| i32::try_from(n).is_ok()) => id.clone(),
        _ => Value::Null,
    };
    let invalid = |why: &str| error(id.clone(), ErrorCode::InvalidRequest, why);
    if !value.is_object() {
        return Err(invalid("a message is a JSON object"));
    }
    if value.get("id").is_some_and(|i| !i.is_null()) && id.is_null() {
        return Err(invalid("a request's id is a string or a 32-bit integer"));
    }
    serde_json::from_value::<Message>(value.clone())
        .map_err(|e| invalid(&format!("not a JSON-RPC message: {e}")))
}

/// A JSON-RPC error response to the request of `id` (null when unknown).
pub fn error(id: Value, code: ErrorCode, message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code as i32, "message": message },
    })
}

/// `json` framed with its `Content-Length`.
pub fn write_frame(out: &mut impl Write, json: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n{json}", json.len())?;
    out.flush()
}

/// The threads behind [`stdio`].
pub struct Io {
    reader: thread::JoinHandle<Option<String>>,
    writer: thread::JoinHandle<io::Result<()>>,
    stop: Sender<()>,
}

impl Io {
    /// Why the input stopped, once the connection's receiver has found it
    /// disconnected (so the reader has returned): none after `exit`.
    pub fn why_input_stopped(self) -> Option<String> {
        let Io {
            reader,
            writer,
            stop,
        } = self;
        let _ = finish(writer, stop);
        reader.join().unwrap_or(None)
    }

    /// Writes what is still queued, then stops the writer. The reader is
    /// left alone: it ends after `exit`, and may be blocked on input.
    pub fn finish(self) -> io::Result<()> {
        finish(self.writer, self.stop)
    }
}

fn finish(writer: thread::JoinHandle<io::Result<()>>, stop: Sender<()>) -> io::Result<()> {
    drop(stop);
    writer.join().unwrap_or(Ok(()))
}

/// A connection over stdin and stdout: a thread reads frames into messages,
/// answering a refused one itself, and another writes what the server sends.
pub fn stdio() -> (Connection, Io) {
    let (incoming, receiver) = crossbeam_channel::unbounded::<Message>();
    let (sender, outgoing) = crossbeam_channel::unbounded::<Message>();
    let (stop, stopped) = crossbeam_channel::bounded::<()>(0);
    let writer = thread::spawn(move || write_all(&outgoing, &stopped));
    let reader = thread::spawn(move || {
        let mut reader = Reader::new(io::stdin().lock());
        read_into(&mut reader, &parse, &incoming, &mut |refusal| {
            let _ = write_frame(&mut io::stdout().lock(), &refusal.to_string());
        })
    });
    let io = Io {
        reader,
        writer,
        stop,
    };
    (Connection { sender, receiver }, io)
}

/// Reads messages off `reader` into `incoming` until `exit`, the end of the
/// input, or a lost frame, each body made a message by `parse` (the fuzz
/// target's rewrites it first); `refuse` answers each refused frame.
/// Returns why it stopped when that was not `exit` (answered with a parse
/// error too when the framing was lost).
pub fn read_into<R: BufRead>(
    reader: &mut Reader<R>,
    parse: &dyn Fn(&[u8]) -> Result<Message, Value>,
    incoming: &Sender<Message>,
    refuse: &mut dyn FnMut(Value),
) -> Option<String> {
    loop {
        match reader.frame().map(|f| f.and_then(|body| parse(&body))) {
            Ok(Ok(message)) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if incoming.send(message).is_err() || exit {
                    return None;
                }
            }
            Ok(Err(refusal)) => refuse(refusal),
            Err(Stop::End) => return Some("the client closed the input without `exit`".into()),
            Err(Stop::Lost(why)) => {
                let why = format!("cannot read the client's messages any more: {why}");
                refuse(error(Value::Null, ErrorCode::ParseError, &why));
                return Some(why);
            }
        }
    }
}

/// Writes each message the server sends to stdout, until every sender is
/// gone or `stopped` says so, and then whatever is still queued.
fn write_all(outgoing: &Receiver<Message>, stopped: &Receiver<()>) -> io::Result<()> {
    let write = |m: Message| m.write(&mut io::stdout().lock());
    loop {
        select! {
            recv(outgoing) -> m => match m {
                Ok(m) => write(m)?,
                Err(_) => return Ok(()),
            },
            recv(stopped) -> _ => {
                return outgoing.try_iter().try_for_each(write);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Result<Frame, Stop>> {
        let mut reader = Reader::new(input);
        let mut out = Vec::new();
        loop {
            let frame = reader.frame();
            let done = frame.is_err();
            out.push(frame);
            if done {
                return out;
            }
        }
    }

    #[test]
    fn a_frame_is_read_by_its_length_and_the_input_ends_between_frames() {
        let input = b"Content-Length: 2\r\nContent-Type: x\r\n\r\n{}content-length:3\r\n\r\n[1]";
        assert_eq!(
            frames(input),
            [
                Ok(Ok(b"{}".to_vec())),
                Ok(Ok(b"[1]".to_vec())),
                Err(Stop::End)
            ]
        );
    }

    #[test]
    fn a_length_is_capped_before_anything_is_allocated() {
        for length in ["18446744073709551615", "10000000000", "67108865"] {
            let input = format!("Content-Length: {length}\r\n\r\n{{}}");
            let [Err(Stop::Lost(why))] = &frames(input.as_bytes())[..] else {
                panic!("{length}: not refused");
            };
            assert!(why.contains("over the limit"), "{why}");
        }
        for bad in ["", "-1", "+2", "1e3", "99999999999999999999999", " 2 2"] {
            let input = format!("Content-Length: {bad}\r\n\r\n{{}}");
            let [Err(Stop::Lost(why))] = &frames(input.as_bytes())[..] else {
                panic!("{bad:?}: not refused");
            };
            assert!(why.contains("is no length"), "{why}");
        }
    }

    #[test]
    fn a_flawed_header_refuses_its_frame_and_the_next_is_read() {
        let input = b"Content-Length: 2\n\n{}Content-Length: 2\r\n\r\n{}";
        let read = frames(input);
        let Ok(Err(refusal)) = &read[0] else {
            panic!("{read:?}");
        };
        assert_eq!(refusal["error"]["code"], -32700);
        assert!(refusal["error"]["message"].to_string().contains("LF"));
        assert_eq!(read[1], Ok(Ok(b"{}".to_vec())));
    }

    #[test]
    fn lost_framing_says_why() {
        for (input, why) in [
            (&b"Content-Length: 9\r\n\r\n{}"[..], "ended 2 bytes into"),
            (b"Content-Type: x\r\n\r\n{}", "no Content-Length"),
            (
                b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
                "disagree",
            ),
            (b"Content-Length: 2\r\n", "inside a message's headers"),
            (&[b'x'; 2000], "longer than"),
        ] {
            let read = frames(input);
            let Some(Err(Stop::Lost(lost))) = read.last() else {
                panic!("{read:?}");
            };
            assert!(lost.contains(why), "{lost}");
        }
    }

    #[test]
    fn a_body_that_is_no_message_is_refused_with_its_code() {
        let code = |body: &[u8]| parse(body).unwrap_err()["error"]["code"].clone();
        assert_eq!(code(b"{\"id\":1,"), -32700);
        assert_eq!(code(b"\xff\xfe"), -32700);
        assert_eq!(code(b"[]"), -32600);
        assert_eq!(code(b"{\"id\":4294967296,\"method\":\"shutdown\"}"), -32600);
        let refused = parse(b"{\"id\":7,\"method\":5}").unwrap_err();
        assert_eq!(refused["id"], 7, "{refused}");
        assert!(parse(b"{\"id\":7,\"method\":\"shutdown\"}").is_ok());
    }
}
