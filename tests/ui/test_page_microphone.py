"""The browser page's microphone as a tab's trainer sees it (`PageAudio`), and the server's
relay between a tab's page and its own trainer: the trainer asks, the page answers and sends
audio, which is passed on only while the trainer listens."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
from typing import Any, cast

import pytest
from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from trainer.ui.page_microphone import (
    AUDIO,
    LISTEN,
    REFUSED,
    SAID,
    STATE,
    PageAudio,
    PageMicrophone,
    PageRefused,
)
from trainer.ui.serve_tabs import MOST_REASON, MOST_SAID, TabProcess, _forward

PATIENCE = 10.0


class Page:
    """The page as the trainer's driver reaches it: what the trainer sent, and an answer
    given when the trainer asks to listen (``answer`` None: no answer)."""

    def __init__(self, answer: dict[str, object] | None) -> None:
        self.sent: list[dict[str, object]] = []
        self.answer = answer
        self.audio: PageAudio | None = None

    def send(self, meta: dict[str, object]) -> None:
        self.sent.append(meta)
        if meta == {"type": LISTEN, "listen": True} and self.answer is not None:
            assert self.audio is not None
            answer = self.answer
            threading.Thread(target=lambda: self.audio_take(STATE, answer)).start()

    def audio_take(self, kind: str, payload: dict[str, object]) -> None:
        assert self.audio is not None
        self.audio.take(kind, payload)


def page_audio(answer: dict[str, object] | None) -> tuple[Page, PageAudio]:
    page = Page(answer)
    page.audio = PageAudio(page.send)
    return page, page.audio


def pcm(data: bytes) -> dict[str, object]:
    return {"pcm": base64.b64encode(data).decode("ascii")}


def test_a_page_listening_gives_its_audio_until_the_count_ends() -> None:
    page, audio = page_audio({"state": "listening", "reason": ""})
    microphone = audio.open(answer=PATIENCE)
    assert page.sent == [{"type": LISTEN, "listen": True}]
    assert audio.take(AUDIO, pcm(b"\x01\x00\x02\x00"))
    assert audio.take(AUDIO, pcm(b"\x03\x00\x04"))  # an odd byte: whole samples only
    chunks = microphone.chunks()
    assert next(chunks) == b"\x01\x00\x02\x00"
    assert next(chunks) == b"\x03\x00"
    microphone.close()
    assert page.sent[-1] == {"type": LISTEN, "listen": False}
    assert list(chunks) == []  # closed: the count ends
    audio.take(AUDIO, pcm(b"\x05\x00"))  # after the count: nobody takes it
    microphone.close()  # twice: the page is told once
    assert page.sent.count({"type": LISTEN, "listen": False}) == 1


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ({"state": "refused", "reason": "the browser refused"}, "the browser refused"),
        ({"state": "unavailable", "reason": "no microphone found"}, "no microphone found"),
        ({"state": "refused", "reason": 7}, REFUSED),
        ({"state": "refused"}, REFUSED),
    ],
)
def test_a_page_that_cannot_listen_says_why(answer: dict[str, object], said: str) -> None:
    page, audio = page_audio(answer)
    with pytest.raises(PageRefused, match=said):
        audio.open(answer=PATIENCE)
    assert page.sent == [{"type": LISTEN, "listen": True}, {"type": LISTEN, "listen": False}]


def test_a_page_that_never_answers_is_given_up_saying_so() -> None:
    _, audio = page_audio(None)
    with pytest.raises(PageRefused, match=r"did not start its microphone within 0\.1 s"):
        audio.open(answer=0.1)


def test_a_page_that_stops_sending_ends_the_count() -> None:
    _, audio = page_audio({"state": "listening", "reason": ""})
    microphone = audio.open(answer=PATIENCE, quiet=0.1)
    audio.take(AUDIO, pcm(b"\x01\x00"))
    assert list(microphone.chunks()) == [b"\x01\x00"]  # then nothing for 0.1 s: the end


def test_a_microphone_that_stops_in_the_page_ends_the_count() -> None:
    _, audio = page_audio({"state": "listening", "reason": ""})
    microphone = audio.open(answer=PATIENCE)
    audio.take(AUDIO, pcm(b"\x01\x00"))
    audio.take(STATE, {"state": "stopped", "reason": "the microphone stopped"})
    assert list(microphone.chunks()) == [b"\x01\x00"]


@pytest.mark.parametrize(
    "payload",
    [{"pcm": "not base64!"}, {"pcm": 5}, {}, {"pcm": "A" * 200_000}],
    ids=["not-base64", "not-text", "none", "too-large"],
)
def test_audio_that_is_not_audio_is_dropped(payload: dict[str, object]) -> None:
    _, audio = page_audio({"state": "listening", "reason": ""})
    microphone = audio.open(answer=PATIENCE, quiet=0.1)
    assert audio.take(AUDIO, payload)
    assert list(microphone.chunks()) == []


def test_other_meta_packets_are_not_the_microphones() -> None:
    _, audio = page_audio(None)
    assert not audio.take("resize", {"width": 80, "height": 24})
    assert audio.take(STATE, {"state": "listening"})  # no count waiting: ignored
    assert audio.take(STATE, {"state": "nonsense"})


def test_a_new_count_ends_the_one_before() -> None:
    _, audio = page_audio({"state": "listening", "reason": ""})
    first = audio.open(answer=PATIENCE)
    second = audio.open(answer=PATIENCE)
    assert list(first.chunks()) == []
    audio.take(AUDIO, pcm(b"\x07\x00"))
    assert next(second.chunks()) == b"\x07\x00"
    assert isinstance(second, PageMicrophone)


class Message:
    def __init__(self, kind: WSMsgType, data: Any) -> None:
        self.type, self.data = kind, data


class Trainer:
    """A tab's trainer as `_forward` reaches it: the meta packets it is sent."""

    def __init__(self, listening: bool) -> None:
        self.listening = listening
        self.meta: list[dict[str, object]] = []

    async def send_meta(self, data: dict[str, object]) -> bool:
        self.meta.append(data)
        return True


def forward(trainer: Trainer, message: Message) -> bool:
    return asyncio.run(_forward(message, cast(web.WebSocketResponse, None), cast(Any, trainer)))


def test_the_pages_audio_reaches_its_trainer_only_while_it_listens() -> None:
    listening, not_listening = Trainer(True), Trainer(False)
    chunk = bytes(range(256)) * 12
    assert forward(listening, Message(WSMsgType.BINARY, chunk))
    assert forward(not_listening, Message(WSMsgType.BINARY, chunk))
    assert listening.meta == [{"type": AUDIO, "pcm": base64.b64encode(chunk).decode("ascii")}]
    assert not_listening.meta == []
    assert forward(listening, Message(WSMsgType.BINARY, bytes(70_000)))  # too large: dropped
    assert len(listening.meta) == 1


def test_the_pages_answer_reaches_its_trainer_checked() -> None:
    trainer = Trainer(False)
    said = json.dumps([STATE, {"state": "refused", "reason": "x" * 1000}])
    assert forward(trainer, Message(WSMsgType.TEXT, said))
    assert trainer.meta == [{"type": STATE, "state": "refused", "reason": "x" * MOST_REASON}]
    for nonsense in ([STATE, {"state": "everything"}], [STATE, "refused"], [STATE]):
        assert forward(trainer, Message(WSMsgType.TEXT, json.dumps(nonsense)))
    assert forward(trainer, Message(WSMsgType.TEXT, json.dumps([STATE, {"state": "listening"}])))
    assert trainer.meta[-1] == {"type": STATE, "state": "listening", "reason": ""}
    assert len(trainer.meta) == 2


class Tab:
    """A tab's socket as its relay writes to it."""

    def __init__(self) -> None:
        self.closed = False
        self.texts: list[str] = []

    async def send_str(self, text: str) -> None:
        self.texts.append(text)


def test_the_trainers_ask_for_the_microphone_reaches_its_page_and_opens_the_way() -> None:
    tab = Tab()
    relay = TabProcess(
        ["true"], cast(web.WebSocketResponse, tab), download_manager=DownloadManager()
    )
    assert not relay.listening
    asyncio.run(relay.on_meta(json.dumps({"type": LISTEN, "listen": True}).encode()))
    assert relay.listening
    asyncio.run(relay.on_meta(json.dumps({"type": LISTEN, "listen": False}).encode()))
    assert not relay.listening
    assert [json.loads(t) for t in tab.texts] == [
        [LISTEN, {"listen": True}],
        [LISTEN, {"listen": False}],
    ]


def test_what_the_trainer_says_reaches_its_page_for_a_screen_reader() -> None:
    tab = Tab()
    socket = cast(web.WebSocketResponse, tab)
    relay = TabProcess(["true"], socket, download_manager=DownloadManager())
    said = "five of hearts, five of clubs; the starter, the nine of hearts."
    asyncio.run(relay.on_meta(json.dumps({"type": SAID, "text": said}).encode()))
    asyncio.run(relay.on_meta(json.dumps({"type": SAID, "text": "x" * 9000}).encode()))
    asyncio.run(relay.on_meta(json.dumps({"type": SAID, "text": 7}).encode()))  # not text
    texts = [json.loads(t) for t in tab.texts]
    assert texts == [[SAID, {"text": said}], [SAID, {"text": "x" * MOST_SAID}]]
