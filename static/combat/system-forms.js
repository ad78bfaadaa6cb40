/* Herald: the GM's forms of battles fought through a combat system's interface, without a framework.
 *
 * 1. Starting a battle: choosing an example fills the state's textarea with that example, unless the GM has
 *    edited what is there (their edit is never overwritten); emptied, the chosen example is used anyway.
 * 2. A side's plays form: a field (or a choice) with `data-shown-when` ([field name, [values]], a list of
 *    such pairs that must all hold, or {"any_of": [such lists]}, any of which may hold) is offered only while
 *    each earlier field it names applies and has one of its values, as the server's `answers_that_apply` says.
 *    Hidden fields keep what was typed in them; the server ignores what does not apply.
 * 3. The odds panel beside a side's plays form is redrawn out of band as the GM types: an explanation the GM
 *    opened ("What the chances assume", a <details> the panel names `<panel id>-assumed-<n>`) stays open in
 *    the new panel. Its <summary> still opens and closes it, by mouse or keyboard. */
(function () {
  "use strict";

  function starterText(key) {
    var script = document.getElementById("starter-" + key);
    return script ? JSON.parse(script.textContent) : null;
  }

  function watchStarter(form) {
    var select = form.querySelector("select[name=starter]");
    var state = form.querySelector("textarea[name=state]");
    if (!select || !state) return;
    // What the page put there (the chosen example's text): any other text is the GM's edit, kept, even the one
    // sent back with an error.
    var filled = state.value === starterText(select.value) ? state.value : null;
    select.addEventListener("change", function () {
      if (state.value.trim() !== "" && state.value !== filled) return;
      var text = starterText(select.value);
      if (text !== null) { state.value = text; filled = text; }
    });
  }

  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  // As the server's `applies`: a question not answered (or not shown) reads as null, so a choice offered
  // "beside no attack chit" (null among its values) is shown until that question is answered.
  // The condition is one [field, values] pair, a list of such pairs that must all hold (the server's
  // `conditions`): a pair starts with the field's name, a list of pairs with a pair; or {"any_of": [lists of
  // pairs]}, met when any of them holds (the server's `AnyOf`).
  function appliesTo(when, kept) {
    if (!when) return true;
    var rule = JSON.parse(when);
    if (!Array.isArray(rule)) return rule.any_of.some(function (pairs) { return allHold(pairs, kept); });
    return allHold(typeof rule[0] === "string" ? [rule] : rule, kept);
  }

  function allHold(pairs, kept) {
    return pairs.every(function (pair) {
      var answer = Object.prototype.hasOwnProperty.call(kept, pair[0]) ? kept[pair[0]] : null;
      return pair[1].some(function (v) { return same(v, answer); });
    });
  }

  function answerOf(wrapper) {
    var select = wrapper.querySelector("select");
    if (select) {
      var option = select.options[select.selectedIndex];
      return option && option.value !== "" && !option.disabled ? JSON.parse(option.dataset.value) : null;
    }
    var boxes = wrapper.querySelectorAll("input[type=checkbox]");
    if (boxes.length) {
      return Array.prototype.filter.call(boxes, function (b) { return b.checked && !b.disabled; })
        .map(function (b) { return JSON.parse(b.dataset.value); });
    }
    var input = wrapper.querySelector("input");
    if (!input || input.value.trim() === "") return null;
    return input.type === "number" ? Number(input.value) : input.value;
  }

  function refresh(form) {
    var kept = {};
    form.querySelectorAll("[data-field]").forEach(function (wrapper) {
      var shown = appliesTo(wrapper.dataset.shownWhen, kept);
      wrapper.hidden = !shown;
      wrapper.querySelectorAll("[data-shown-when]").forEach(function (choice) {
        var open = appliesTo(choice.dataset.shownWhen, kept);
        choice.hidden = !open;
        choice.disabled = !open || choice.hasAttribute("data-unavailable");  // a choice the rules refuse
      });
      var answer = shown ? answerOf(wrapper) : null;
      if (answer !== null && !(Array.isArray(answer) && answer.length === 0)) kept[wrapper.dataset.field] = answer;
    });
  }

  function refreshAll(root) {
    (root || document).querySelectorAll("form[data-plays-form]").forEach(refresh);
    (root || document).querySelectorAll("form[data-starter-form]").forEach(watchStarter);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-plays-form]");
    if (form) refresh(form);
    // A question the GM answers is no longer last round's suggestion: its "as last round" mark goes.
    var holder = form && event.target.closest("[data-field]");
    var mark = holder && holder.querySelector(".suggested");
    if (mark) mark.remove();
  });
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-plays-form]");
    if (form) refresh(form);
  });
  document.addEventListener("DOMContentLoaded", function () { refreshAll(); });
  document.addEventListener("htmx:afterSettle", function (event) {
    document.querySelectorAll("form[data-plays-form]").forEach(refresh);
  });
})();
