/* Herald: a plays form drawn from a system's PlaysForm shows a question (or one of its choices) only while
 * the question it depends on has one of the answers that call for it (`data-shown-when`: {"field": name,
 * "values": the posted values}, a list of such objects, each of which must hold, or {"any_of": [such lists]},
 * any of which may hold), as the server reads the answers (players/answers.py): a hidden question's
 * inputs are disabled, so they are neither posted nor checked. The page is drawn right without this script;
 * it only follows the player's changes.
 *
 * The odds panel beside the form is redrawn out of band as the player types: an explanation they opened ("What
 * the chances assume", a <details> the panel names `<panel id>-assumed-<n>`) stays open in the new panel, as on
 * the GM's round page (static/combat/system-forms.js). */
(function () {
  "use strict";

  function posted(form, name, shown) {
    var holder = form.querySelector('[data-field="' + CSS.escape(name) + '"]');
    if (holder && !shown.get(holder)) return [];
    return Array.from(form.elements).filter(function (el) {
      return el.name === name && !el.disabled && (el.type !== "checkbox" || el.checked);
    }).map(function (el) { return el.value; });
  }

  // As the server's `applies`: a question not answered (nothing posted, or only "") reads as "", which the
  // page lists among the values when the question's condition takes no answer (players/answers_page.py).
  // A condition is one {"field", "values"} object, a list of them that must all hold, or {"any_of": [such
  // lists]}, met when any of them holds.
  function follows(form, el, shown) {
    var rule = JSON.parse(el.dataset.shownWhen);
    if (rule.any_of) return rule.any_of.some(function (all) { return allHold(form, all, shown); });
    return allHold(form, Array.isArray(rule) ? rule : [rule], shown);
  }

  function allHold(form, all, shown) {
    return all.every(function (one) {
      var values = posted(form, one.field, shown).filter(function (value) { return value !== ""; });
      if (values.length === 0) values = [""];
      return values.some(function (value) { return one.values.indexOf(value) >= 0; });
    });
  }

  function update(form) {
    var shown = new Map();
    form.querySelectorAll("[data-field]").forEach(function (holder) {
      var visible = !holder.dataset.shownWhen || follows(form, holder, shown);
      shown.set(holder, visible);
      holder.hidden = !visible;
      holder.querySelectorAll("input, select").forEach(function (control) {
        control.disabled = !visible || control.hasAttribute("data-unavailable");
      });
      holder.querySelectorAll("option[data-shown-when], label[data-shown-when]").forEach(function (choice) {
        var offered = visible && follows(form, choice, shown);
        choice.hidden = !offered;
        var control = choice.tagName === "OPTION" ? choice : choice.querySelector("input");
        control.disabled = !offered || control.hasAttribute("data-unavailable");  // a choice the rules refuse
        if (!offered && choice.tagName === "OPTION" && choice.selected) choice.parentElement.value = "";
        if (!offered && control.type === "checkbox") control.checked = false;
      });
      // Why a choice the rules refuse is not possible: said while that choice is offered.
      holder.querySelectorAll(".not-possible[data-shown-when]").forEach(function (note) {
        note.hidden = !(visible && follows(form, note, shown));
      });
    });
  }

  function all(root) {
    (root || document).querySelectorAll("form[data-shown-when-form]").forEach(update);
  }

  // Before htmx reads the form for its check (capture phase), so a hidden question is never posted.
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-shown-when-form]");
    if (form) update(form);
    dropSuggestedMark(event.target);
  }, true);

  // A question the player answers is no longer last round's suggestion: its "as last round" mark goes.
  function dropSuggestedMark(control) {
    var holder = control.closest && control.closest("[data-field]");
    var mark = holder && holder.querySelector(".suggested");
    if (mark) mark.remove();
  }
  document.addEventListener("DOMContentLoaded", function () { all(); });
  document.addEventListener("htmx:load", function (event) { all(event.target); });
})();
