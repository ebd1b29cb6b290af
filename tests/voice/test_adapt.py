"""Learning a player's voice: the model read as numbers, the transform that moves its means
to the player's frames recovered from them, written as pocketsphinx reads it, and kept
across runs without ever overwriting a voice that cannot be read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.voice.speech import synthesise
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import score_show
from trainer.voice.acoustic import STREAMS, WIDTH, Acoustic
from trainer.voice.adapt import MIN_FRAMES, VoiceStats, features, write_mllr
from trainer.voice.audio import read_wav
from trainer.voice.learn import UNREADABLE_SUFFIX, VoiceLearner
from trainer.voice.recogniser import Recogniser
from trainer.voice.sphinx import model_paths

pocketsphinx = pytest.importorskip("pocketsphinx")


@pytest.fixture(scope="module")
def model() -> Acoustic:
    return Acoustic.read(Path(model_paths()["hmm"]))


def test_the_model_reads_as_its_phones_gaussians_and_weights(model: Acoustic) -> None:
    assert model.means.shape == (42, STREAMS, 128, WIDTH) == model.variances.shape
    assert model.phones[:4] == ("+NSN+", "+SPN+", "AA", "AE")
    assert list(model.phones) == sorted(model.phones)
    assert "SIL" in model.phones
    assert model.log_weights.shape[1:] == (STREAMS, 128)
    # Quantised to eight bits, each state's weights in each stream sum to just under one.
    totals = np.exp(model.log_weights).sum(axis=-1)
    assert totals.min() > 0.85
    assert totals.max() <= 1.0001
    assert model.variances.min() >= 1e-4


def test_features_are_the_cepstra_less_their_mean_with_sphinx_deltas() -> None:
    ramp = np.arange(20, dtype=np.float64)[:, None] * np.ones((1, 13))
    f = features(ramp)
    assert f.shape == (20, 39)
    assert np.allclose(f[:, :13].mean(axis=0), 0)
    assert np.allclose(f[5:15, 13:26], 4)  # c[t+2] - c[t-2] on a ramp
    assert np.allclose(f[5:15, 26:], 0)  # and no curve
    assert np.allclose(f[0, 13:26], 2)  # the edge repeats the first frame


def _frames(
    model: Acoustic, rng: np.random.Generator, w: np.ndarray, n: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n`` frames drawn near Gaussians of speech phones moved by ``w`` (3x13x14), with
    the phone and the state each frame is aligned to (its Gaussian in each stream drawn as
    that state's weights have it)."""
    speech = [i for i, p in enumerate(model.phones) if p not in ("SIL", "+NSN+", "+SPN+")]
    phones = rng.choice(speech, n)
    senones = rng.integers(0, model.log_weights.shape[0], n)
    out = np.empty((n, 39))
    for s in range(STREAMS):
        weights = np.exp(model.log_weights[senones, s])
        cumulative = np.cumsum(weights / weights.sum(axis=1, keepdims=True), axis=1)
        gaussians = np.minimum((cumulative < rng.random((n, 1))).sum(axis=1), 127)
        mean = model.means[phones, s, gaussians]
        moved = mean @ w[s, :, 1:].T + w[s, :, 0]
        noise = rng.normal(size=(n, WIDTH)) * np.sqrt(model.variances[phones, s, gaussians])
        out[:, s * WIDTH : (s + 1) * WIDTH] = moved + noise
    return out, senones.astype(np.int64), phones.astype(np.int64)


def _identity() -> np.ndarray:
    return np.concatenate(
        [np.zeros((STREAMS, WIDTH, 1)), np.tile(np.eye(WIDTH), (STREAMS, 1, 1))], -1
    )


def test_the_transform_that_moved_the_means_is_found_again(model: Acoustic) -> None:
    """Frames drawn from the model with its means moved (a bias, a scale, a mix) give back
    that move, count after count (each count's Gaussians judged on the move known so far),
    within what the draws allow: far nearer it than to the model as it was."""
    rng = np.random.default_rng(7)
    w = _identity()
    for s in range(STREAMS):
        w[s, :, 1:] = np.eye(WIDTH) * 0.9 + rng.normal(scale=0.02, size=(WIDTH, WIDTH))
        w[s, :, 0] = rng.normal(scale=1.0, size=WIDTH)
    stats = VoiceStats.empty()
    for _ in range(5):
        frames, senones, phones = _frames(model, rng, w, 1000)
        assert stats.add_frames(model, frames, senones, phones) == 1000
    found = stats.transform()
    assert found is not None
    assert np.abs(found - w).mean() < 0.035 < 0.06 < np.abs(found - _identity()).mean()
    assert np.corrcoef(found[:, :, 0].ravel(), w[:, :, 0].ravel())[0, 1] > 0.95


def test_too_little_speech_gives_no_transform_and_old_counts_weigh_less(model: Acoustic) -> None:
    rng = np.random.default_rng(3)
    stats = VoiceStats.empty()
    few = int(MIN_FRAMES) // 2
    stats.add_frames(model, *_frames(model, rng, _identity(), few))
    assert stats.frames == few
    assert stats.transform() is None
    stats.add_frames(model, *_frames(model, rng, _identity(), few))
    assert stats.frames < MIN_FRAMES  # the first count now weighs less than the second
    assert stats.transform() is None
    stats.add_frames(model, *_frames(model, rng, _identity(), 3 * few))
    found = stats.transform()
    assert found is not None
    assert np.abs(found - _identity()).mean() < 0.05
    again = VoiceStats.from_json(stats.to_json())
    assert again.frames == stats.frames
    assert np.array_equal(again.g, stats.g)


@pytest.mark.slow
def test_pocketsphinx_loads_the_transform_and_hears_with_it(tmp_path: Path) -> None:
    text = "fifteen two, fifteen four, and a pair is six"
    audio = read_wav(synthesise(text, tmp_path / "c.wav", voice="en-us", speed=170, seed=1))
    show = score_show(parse_cards("5H 10C 9D 5S"), parse_card("2D"))
    moved = _identity()
    moved[:, :, 0] += 3.0
    scores: list[tuple[str, float]] = []
    for w in (None, _identity(), moved):
        voice = None
        if w is not None:
            voice = tmp_path / f"v{len(scores)}.mllr"
            write_mllr(voice, w)
        recogniser = Recogniser(voice)
        recogniser.use(show)
        decoded = recogniser.decode(audio)
        scores.append((decoded.words, decoded.margin))
    assert scores[0][0].endswith("a pair is six")
    assert scores[0] == scores[1]  # the identity changes nothing
    assert scores[2][1] != scores[0][1]  # a transform is applied


@pytest.mark.slow
def test_a_count_judged_is_learnt_and_kept(tmp_path: Path) -> None:
    profile = tmp_path / "data" / "voice.json"
    learner = VoiceLearner(profile)
    texts = [
        "fifteen two fifteen four and a pair is six",
        "a run of three is three",
        "fifteen two and nobs is three",
    ]
    changed = []
    for i, text in enumerate(texts):
        wav = synthesise(text, tmp_path / f"c{i}.wav", voice="en-gb", speed=160, seed=i)
        changed.append(learner.learn(read_wav(wav), text))
    assert learner.learnt == 3
    assert profile.exists()
    assert learner.stats.frames > 0
    assert changed[-1]
    assert learner.transform == profile.with_suffix(".mllr")
    assert not learner.learn(read_wav(tmp_path / "c0.wav"), "fifteen zqxj")  # not a word
    assert learner.learnt == 3
    learner.close()
    again = VoiceLearner(profile)
    assert again.stats.frames == pytest.approx(learner.stats.frames)
    assert again.transform is not None
    assert again.problem == ""
    again.close()


def test_a_voice_that_cannot_be_read_is_set_aside_not_overwritten(tmp_path: Path) -> None:
    profile = tmp_path / "voice.json"
    profile.write_text(json.dumps({"version": 1, "g": [1, 2]}), encoding="utf-8")
    learner = VoiceLearner(profile)
    aside = tmp_path / ("voice.json" + UNREADABLE_SUFFIX)
    assert aside.exists()
    assert not profile.exists()
    assert "could not be read" in learner.problem
    assert str(aside) in learner.problem
    assert learner.stats.frames == 0
    learner.close()
