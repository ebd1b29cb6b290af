"""The footer of key bindings: its keys changed in place (composed again only when their
number changes), and (on home) telling its screen when its keys have first been drawn."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

Key = tuple[str, str, str, str, bool, str, bool]
"""A key as the footer shows it: the key, how it is shown, what it does (its description
and action), disabled, its tooltip, and whether it is the command palette's."""


class KeysFooter(Footer):
    """A `Footer` whose keys change in place.

    Textual's footer removes and mounts every key anew each time its screen's bindings are
    refreshed, which a focus change alone does: a reveal swapped in refreshed them several
    times, each a few milliseconds of mounting and styling. This one does nothing when the
    keys shown are the same, rewrites its keys in place when only what they say changed,
    and composes them again only when their number changes. (Textual is pinned: this reads
    `FooterKey`'s attributes; the app uses no binding groups, which it does not handle.)"""

    _shown: list[Key] | None = None

    def _keys(self) -> list[Key]:
        """The keys `Footer.compose` would show, in order."""
        app, active = self.app, self.screen.active_bindings
        by_action: dict[str, Key] = {}
        for binding_key, (_, binding, enabled, tooltip) in active.items():
            if binding.show and binding.action not in by_action:
                shown = app.get_key_display(binding)
                by_action[binding.action] = (
                    binding_key, shown, binding.description, binding.action, not enabled,
                    tooltip, False,
                )  # fmt: skip
        keys = list(by_action.values())
        palette = active.get(app.COMMAND_PALETTE_BINDING)
        if palette is not None and self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            _, binding, enabled, _ = palette
            tip = binding.tooltip or binding.description
            shown = app.get_key_display(binding)
            keys.append(
                (binding.key, shown, binding.description, binding.action, not enabled, tip, True)
            )
        return keys

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        keys = self._keys() if self._bindings_ready else None
        if keys is not None and keys == self._shown:
            return
        if keys is not None and self._rewrite(keys):
            self._shown = keys
            return
        self._shown = keys
        await super().recompose()

    def _rewrite(self, keys: list[Key]) -> bool:
        """Put ``keys`` in the keys mounted, if there are as many of the same kinds."""
        widgets = list(self.children)
        if self._shown is None or len(widgets) != len(keys):
            return False
        if not all(
            isinstance(w, FooterKey) and w.has_class("-command-palette") == key[6]
            for w, key in zip(widgets, keys, strict=True)
        ):
            return False
        for widget, (key, shown, description, action, disabled, tip, _) in zip(
            widgets, keys, strict=True
        ):
            assert isinstance(widget, FooterKey)
            widget.key, widget.key_display = key, shown
            widget.description, widget.action = description, action
            widget._disabled = disabled
            widget.set_class(disabled, "-disabled")
            widget.tooltip = tip or None
            widget.refresh(layout=True)
        return True


class ReadyFooter(KeysFooter):
    """A footer that posts `Drawn` once, after the frame that first shows its keys.

    Textual fills a footer a few frames after its screen appears; home waits for
    this before the trainer starts its background work, so that work never delays it.
    """

    class Drawn(Message):
        """The footer's keys are on the screen."""

    _told = False

    async def recompose(self) -> None:
        await super().recompose()
        if self.children and not self._told:
            self._told = True
            self.call_after_refresh(self.post_message, self.Drawn())
