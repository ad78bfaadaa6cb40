/* Herald: a response never overwrites what the person typed while it was on its way (issue #12.1).
 *
 * A form that validates as it is edited (hx-post on "change", swapping the form back) sends its values,
 * and the person goes on choosing and typing while the request is in flight. When the response arrives,
 * the fields changed since the request left keep their new values, the field that had the focus gets it
 * back (with its caret), and the form is validated again with those values. Works for every htmx form, on
 * the GM's pages and the players' pages alike, whether the response replaces the form, the card holding
 * it, or only the fields inside it (the GM's side forms, whose buttons stay put, issue #14.2). A part of
 * the form the person unfolded (<details>) stays unfolded, and an answer to a request that was queued on a
 * form an earlier answer replaced keeps what was typed into the form on the page since. */
(function () {
  "use strict";

  function fieldKey(el) {
    return el.type === "checkbox" || el.type === "radio" ? el.name + "=" + el.value : el.name;
  }

  function readField(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked ? "1" : "";
    if (el.multiple) return Array.from(el.selectedOptions).map(function (o) { return o.value; }).join("\u0000");
    return el.value;
  }

  function writeField(el, value) {
    if (el.type === "checkbox" || el.type === "radio") { el.checked = value === "1"; return; }
    if (el.multiple) {
      var wanted = new Set(value.split("\u0000"));
      Array.from(el.options).forEach(function (o) { o.selected = wanted.has(o.value); });
      return;
    }
    if (el.tagName === "SELECT" && value && !Array.from(el.options).some(function (o) { return o.value === value; })) {
      // The new form does not offer it yet (its options follow other fields): keep the choice anyway,
      // the validation that follows answers with the options that go with it.
      el.add(new Option(value, value));
    }
    el.value = value;
  }

  function snapshot(form) {
    var values = new Map();
    Array.from(form.elements).forEach(function (el) {
      if (el.name && el.type !== "submit" && el.type !== "button" && el.type !== "hidden") values.set(fieldKey(el), readField(el));
    });
    return values;
  }

  function formIn(fresh) {
    // The swapped element is the form, holds it (a whole side), or sits in it (a side's fields).
    if (!fresh) return null;
    return fresh.tagName === "FORM" ? fresh : fresh.querySelector("form") || fresh.closest("form");
  }

  function formOf(detail) {
    // The element that sent the request (beforeSwap's detail.elt is the swap target).
    var elt = (detail.requestConfig && detail.requestConfig.elt) || detail.elt;
    if (!elt || !elt.closest) return null;
    return elt.tagName === "FORM" ? elt : elt.closest("form");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = formOf(event.detail);
    if (form) form.heraldSent = snapshot(form);
  });

  function liveForm(form, target) {
    // A request queued on a form that an earlier answer has since replaced still goes out (htmx sends
    // it from the old, detached form, with the values it held then): what the person typed since is in
    // the form on the page now, the one with the same address.
    if (form.isConnected) return form;
    var live = formIn(target);
    var address = function (f) { return f.getAttribute("hx-post") || f.getAttribute("action"); };
    return live && address(live) === address(form) ? live : null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var sent = formOf(event.detail);
    var target = event.detail.target;
    if (!sent || !sent.heraldSent || !target || !target.id) return;
    var form = liveForm(sent, target);
    if (!form || !(target.contains(form) || form.contains(target))) return;
    var now = snapshot(form);
    var changed = [];
    now.forEach(function (value, key) { if (sent.heraldSent.get(key) !== value) changed.push([key, value]); });
    var active = document.activeElement;
    var focus = null;
    if (active && form.contains(active) && active.id) {
      focus = { id: active.id, start: active.selectionStart, end: active.selectionEnd };
    }
    // A folded part the person opened (the Meeting table) stays open: its fields may hold the focus.
    var open = Array.from(form.querySelectorAll("details")).map(function (d) { return d.open; });
    target.heraldKeep = { id: target.id, changed: changed, focus: focus, open: open };
    window.heraldKeep = target.heraldKeep;
  });

  document.addEventListener("htmx:afterSwap", function () {
    var keep = window.heraldKeep;
    window.heraldKeep = null;
    if (!keep) return;
    var fresh = document.getElementById(keep.id);
    var form = formIn(fresh);
    if (!form) return;
    Array.from(form.querySelectorAll("details")).forEach(function (d, index) {
      if (keep.open[index]) d.open = true;
    });
    keep.changed.forEach(function (pair) {
      Array.from(form.elements).forEach(function (el) { if (el.name && fieldKey(el) === pair[0]) writeField(el, pair[1]); });
    });
    if (keep.focus) {
      var el = document.getElementById(keep.focus.id);
      if (el) {
        el.focus();
        if (keep.focus.start !== null && keep.focus.start !== undefined && el.setSelectionRange) {
          try { el.setSelectionRange(keep.focus.start, keep.focus.end); } catch (ignored) { /* not a text field */ }
        }
      }
    }
    if (keep.changed.length) form.heraldRevalidate = true;
  });

  // Validate again with the kept values once htmx has taken up the new form (it listens from settle on).
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    var fresh = target && target.id ? document.getElementById(target.id) : null;
    var form = formIn(fresh);
    if (form && form.heraldRevalidate && window.htmx) {
      form.heraldRevalidate = false;
      window.htmx.trigger(form, "change");
    }
  });

  // An odds panel redrawn out of band as the person types (beside a plays form, on the GM's page and the
  // player's): an explanation they opened stays open (each <details> has an id that stays the same).
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var old = event.detail.target, fresh = event.detail.fragment;
    if (!old || !fresh || !old.matches("aside.odds")) return;
    old.querySelectorAll("details[id]").forEach(function (details) {
      var again = fresh.querySelector("#" + CSS.escape(details.id));
      if (again) again.open = details.open;
    });
  });
})();
