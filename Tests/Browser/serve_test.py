#!/usr/bin/env python3
"""`flint serve` in a real browser (Debian's headless Chromium through Selenium and chromedriver).

On a copy of the sample project (Corpus/sample, with Corpus/suites/bookclub.yaml beside it) the
page is loaded, a request the rules deny is run and its failing sub-expression must be marked on
the right line, a fix is typed into the rule in the editor until the request is allowed, the
suites are run and their coverage is drawn on the rules' allow lines, a query's missing index is
added and found merged into the manifest on disk, a denied query's fix is applied until it is
allowed (with Query Explain's figures shown), the seed document is prefilled as an update's data,
and Storage uploads are decided on storage.rules. The page with the denial marked is saved as the
README's screenshot. Then the project is committed to git, a rule loosened in the page, the diff
against HEAD run, and its witness loaded into the Request panel and run: allowed by the edited
rules, denied by the committed ones.

Usage: serve_test.py FLINT [SCREENSHOT]   (run by `make test` with /usr/bin/python3, whose
python3-selenium comes from `make deps`).
"""
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLUBS_READ = "allow read: if resource.data.visibility == 'public' || isMember(clubId);"
OWNER_TEST = "&& (resource.data.owner == request.auth.uid || isModerator())"
UNSERVED = 'collection("clubs").where("owner", "==", auth.uid).orderBy("createdAt", "desc")'
DENIED_QUERY = 'collection("clubs")'
FIXED_QUERY = 'collection("clubs").where("visibility", "==", "public")'


def fail(message):
    print("serve_test: FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def step(message):
    print("serve_test: " + message, flush=True)


def copy_sample(folder):
    project = os.path.join(folder, "sample")
    shutil.copytree(os.path.join(ROOT, "Corpus/sample"), project)
    with open(os.path.join(ROOT, "Corpus/suites/bookclub.yaml")) as source:
        suite = source.read().replace("rules: ../sample/firestore.rules", "rules: firestore.rules")
    with open(os.path.join(project, "bookclub.test.yaml"), "w") as target:
        target.write(suite)
    return project


def start_server(flint, folder):
    """`flint serve --port 0 sample` run in `folder` (paths on the page stay short)."""
    server = subprocess.Popen(
        [flint, "serve", "--port", "0", "sample"], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    deadline = time.time() + 60
    line = ""
    while time.time() < deadline:
        ready, _, _ = select.select([server.stdout], [], [], 1)
        if ready:
            line = server.stdout.readline()
            match = re.search(r"(http://127\.0\.0\.1:\d+/#token=[0-9a-f]{32})", line)
            if match:
                return server, match.group(1)
        if server.poll() is not None:
            fail("flint serve exited: " + server.stderr.read())
    server.kill()
    fail("flint serve printed no URL within 60 s (last line: %r)" % line)


def text_of(driver, element_id):
    """The text of the element with this id now, or None (read in the page: no stale handles)."""
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return e ? e.textContent : null;", element_id)


def lines_marked(driver, cls):
    """The 1-based numbers of the editor's lines painted with `cls` (CodeMirror renders every
    line: the page sets viewportMargin to Infinity)."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.CodeMirror-code > div'))"
        ".map((line, i) => line.classList.contains(arguments[0]) ? i + 1 : 0).filter((n) => n);", cls)


def marks_on_line(driver, line, kind):
    """The text of the `mark-KIND` spans on the editor's line `line`."""
    return driver.execute_script(
        "const line = document.querySelectorAll('.CodeMirror-code > div')[arguments[0] - 1];"
        "return line ? Array.from(line.querySelectorAll('.mark-' + arguments[1])).map((m) => m.textContent) : [];",
        line, kind)


def type_in_editor(driver, line, before, text):
    """Puts the editor's cursor on `line` just before `before` and types `text` with the keyboard."""
    driver.execute_script(
        "const cm = window.flintEditor; const ch = cm.getLine(arguments[0] - 1).lastIndexOf(arguments[1]);"
        "cm.focus(); cm.setCursor({line: arguments[0] - 1, ch: ch});", line, before)
    driver.find_element(By.CSS_SELECTOR, ".CodeMirror textarea").send_keys(text)


def replace_in_editor(driver, old, new):
    """Replaces the first `old` in the editor's text with `new`, as one edit (undoable)."""
    driver.execute_script(
        "const cm = window.flintEditor; const at = cm.getValue().indexOf(arguments[0]);"
        "cm.replaceRange(arguments[1], cm.posFromIndex(at), cm.posFromIndex(at + arguments[0].length));",
        old, new)
def query_verdict(driver):
    """The query panel's verdict now (the request panel has its own), or None."""
    return driver.execute_script("const e = document.querySelector('#queryOut .verdict'); return e ? e.textContent : null;")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,940", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


def storage_walk(driver, wait):
    """The Storage tab shows storage.rules in the editor; an oversize upload is denied at the
    size check, marked on its line; going back to Request shows firestore.rules again."""
    with open(os.path.join(ROOT, "Corpus/sample/storage.rules")) as rules_file:
        storage_lines = rules_file.read().split("\n")
    size_line = next(i + 1 for i, text in enumerate(storage_lines) if "request.resource.size < bytes" in text)
    driver.find_element(By.CSS_SELECTOR, '.tabs button[data-panel="storage"]').click()
    wait.until(lambda d: "firebase.storage" in d.find_element(By.ID, "rules").get_attribute("value"))
    metadata = driver.find_element(By.ID, "objectMetadata")
    metadata.clear()
    metadata.send_keys('{"size": 5000000, "contentType": "image/png"}')
    driver.find_element(By.ID, "runObject").click()
    wait.until(lambda d: d.execute_script(
        "const v = document.querySelector('#objectOut .verdict'); return v && v.textContent === 'DENY';"))
    if not marks_on_line(driver, size_line, "failing"):
        fail("the oversize upload's failing size check on storage.rules line %d is not marked" % size_line)
    if "failed at %d:" % size_line not in (text_of(driver, "objectOut") or ""):
        fail("the explanation does not name the failing size check: %r" % text_of(driver, "objectOut"))
    metadata.clear()
    metadata.send_keys('{"size": 204800, "contentType": "image/png"}')
    driver.find_element(By.ID, "runObject").click()
    wait.until(lambda d: d.execute_script(
        "const v = document.querySelector('#objectOut .verdict'); return v && v.textContent === 'ALLOW';"))
    driver.find_element(By.CSS_SELECTOR, '.tabs button[data-panel="request"]').click()
    wait.until(lambda d: "cloud.firestore" in d.find_element(By.ID, "rules").get_attribute("value"))
    step("Storage: an oversize upload DENY at storage.rules line %d, a 200 KB one ALLOW" % size_line)


def main():
    if len(sys.argv) < 2:
        fail("usage: serve_test.py FLINT [SCREENSHOT]")
    flint = os.path.abspath(sys.argv[1])
    screenshot = sys.argv[2] if len(sys.argv) > 2 else None
    with open(os.path.join(ROOT, "Corpus/sample/firestore.rules")) as rules_file:
        rules_lines = rules_file.read().split("\n")
    clubs_line = next(i + 1 for i, text in enumerate(rules_lines) if CLUBS_READ in text)

    folder = tempfile.mkdtemp(prefix="flint-serve-browser-")
    server = None
    driver = None
    try:
        project = copy_sample(folder)
        server, url = start_server(flint, folder)
        step("serving " + url.split("#")[0])
        driver = browser()
        wait = WebDriverWait(driver, 30)
        driver.get(url)
        wait.until(lambda d: "rules_version" in d.find_element(By.ID, "rules").get_attribute("value"))
        wait.until(lambda d: "no problems" in d.find_element(By.ID, "diags").text)
        step("page loaded, the rules checked clean")

        # A request the rules deny: alice reads the private club she is not a member of.
        driver.find_element(By.ID, "runRequest").click()
        wait.until(lambda d: text_of(d, "verdict") == "DENY")
        lines = lines_marked(driver, "failing")
        if clubs_line not in lines:
            fail("the failing line %d is not highlighted (highlighted: %s)" % (clubs_line, lines))
        marked = "".join(marks_on_line(driver, clubs_line, "failing"))
        if not marked:
            fail("no failing sub-expression is marked on line %d" % clubs_line)
        if not driver.find_elements(By.CSS_SELECTOR, ".CodeMirror .cm-keyword"):
            fail("the rules are not highlighted (no keyword token in the editor)")
        step("DENY, line %d highlighted, sub-expression marked (%r)" % (clubs_line, marked))
        if screenshot:
            driver.save_screenshot(screenshot)
            step("screenshot " + screenshot)

        # Type a fix into the rule in the editor so that it allows, and run the request again.
        type_in_editor(driver, clubs_line, ";", " || true")
        wait.until(lambda d: "isMember(clubId) || true;" in d.find_element(By.ID, "rules").get_attribute("value"))
        driver.find_element(By.ID, "runRequest").click()
        wait.until(lambda d: text_of(d, "verdict") == "ALLOW")
        if clubs_line not in lines_marked(driver, "granted"):
            fail("the granting allow on line %d is not highlighted" % clubs_line)
        with open(os.path.join(project, "firestore.rules")) as on_disk:
            if CLUBS_READ not in on_disk.read():
                fail("editing in the page wrote the rules file")
        step("ALLOW after the edit, line %d marked as granting, nothing written" % clubs_line)

        # The suites, on the rules as they are on disk again.
        driver.find_element(By.ID, "reload").click()
        wait.until(lambda d: "|| true" not in d.find_element(By.ID, "rules").get_attribute("value"))
        driver.find_element(By.CSS_SELECTOR, '.tabs button[data-panel="suites"]').click()
        driver.find_element(By.ID, "runSuites").click()
        wait.until(lambda d: text_of(d, "suitesSummary"))
        summary = text_of(driver, "suitesSummary")
        match = re.match(r"(\d+) passed, (\d+) failed", summary)
        if not match or int(match.group(1)) < 10 or match.group(2) != "0":
            fail("suites summary: %r" % summary)
        cases = driver.find_elements(By.CSS_SELECTOR, "#suitesOut .case.pass")
        if len(cases) != int(match.group(1)):
            fail("%d passing cases listed for %r" % (len(cases), summary))
        step("suites: " + summary)
        wait.until(lambda d: text_of(d, "coverageSummary"))
        covered = lines_marked(driver, "cov-full")
        if not covered:
            fail("no allow is drawn as covered on the rules after the suites: %r" % text_of(driver, "coverageSummary"))
        for line in covered + lines_marked(driver, "cov-part") + lines_marked(driver, "cov-none"):
            if "allow" not in rules_lines[line - 1]:
                fail("line %d is drawn as an allow's coverage but reads %r" % (line, rules_lines[line - 1]))
        step("coverage drawn on the rules: %d allows covered (%s)" % (len(covered), text_of(driver, "coverageSummary")))

        # A query the manifest does not serve: add its index from the page.
        with open(os.path.join(project, "firestore.indexes.json")) as manifest:
            before = json.load(manifest)
        driver.find_element(By.CSS_SELECTOR, '.tabs button[data-panel="query"]').click()
        query = driver.find_element(By.ID, "query")
        query.clear()
        query.send_keys(UNSERVED)
        driver.find_element(By.ID, "runQuery").click()
        wait.until(lambda d: text_of(d, "addIndex"))
        driver.find_element(By.ID, "addIndex").click()
        wait.until(lambda d: text_of(d, "indexWritten"))
        with open(os.path.join(project, "firestore.indexes.json")) as manifest:
            after = json.load(manifest)
        if len(after["indexes"]) != len(before["indexes"]) + 1:
            fail("the manifest has %d indexes, expected %d" % (len(after["indexes"]), len(before["indexes"]) + 1))
        if any(index not in after["indexes"] for index in before["indexes"]):
            fail("an existing index was lost from the manifest")
        if after.get("fieldOverrides") != before.get("fieldOverrides"):
            fail("the field overrides changed")
        step("index added, manifest merged (%d indexes)" % len(after["indexes"]))

        # A query the rules deny: apply its fix from the page and see it allowed.
        query = driver.find_element(By.ID, "query")
        query.clear()
        query.send_keys(DENIED_QUERY)
        driver.find_element(By.ID, "runQuery").click()
        apply = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#queryOut button.applyFix[title='%s']" % FIXED_QUERY))
        if query_verdict(driver) != "DENY":
            fail("the query %s is not denied (%r)" % (DENIED_QUERY, query_verdict(driver)))
        apply[0].click()
        wait.until(lambda d: query_verdict(d) == "ALLOW")
        if driver.find_element(By.ID, "query").get_attribute("value") != FIXED_QUERY:
            fail("the query was not rewritten with its fix")
        with open(os.path.join(project, "firestore.rules")) as on_disk:
            if CLUBS_READ not in on_disk.read():
                fail("applying a query's fix wrote the rules file")
        step("query DENY, fix applied: %s → ALLOW" % FIXED_QUERY)

        # Query Explain's figures for the fixed query on the seed data.
        explain = text_of(driver, "queryExplain") or ""
        match = re.search(r"index entries scanned: (\d+) · documents scanned: (\d+) · reads billed: (\d+)", explain)
        if "(visibility ASC, __name__ ASC)" not in explain or not match or match.groups() != ("2", "2", "2"):
            fail("Query Explain: %r" % explain)
        step("Query Explain: " + " · ".join(line.strip() for line in explain.split("\n")[1:]))

        # The seed document prefilled as an update's data: unchanged, the owner may write it.
        driver.find_element(By.CSS_SELECTOR, '.tabs button[data-panel="request"]').click()
        Select(driver.find_element(By.ID, "method")).select_by_visible_text("update")
        path = driver.find_element(By.ID, "path")
        path.clear()
        path.send_keys("users/alice")
        wait.until(lambda d: '"Alice"' in d.find_element(By.ID, "data").get_attribute("value"))
        if '"Alice"' not in (text_of(driver, "stored") or ""):
            fail("the stored document is not shown: %r" % text_of(driver, "stored"))
        prefilled = json.loads(driver.find_element(By.ID, "data").get_attribute("value"))
        if prefilled.get("joinedAt") != {"__timestamp__": "2024-01-01T00:00:00Z"}:
            fail("the prefilled data is not the stored document: %r" % prefilled)
        driver.find_element(By.ID, "runRequest").click()
        wait.until(lambda d: "update /users/alice" in (text_of(d, "requestOut") or ""))
        if text_of(driver, "verdict") != "ALLOW":
            fail("the unchanged update of the stored document is %r" % text_of(driver, "verdict"))
        step("seed document prefilled for update users/alice → ALLOW")
        live_reload(driver, wait, project)
        storage_walk(driver, wait)
        diff_steps(driver, wait, project)
        print("serve_test: ok")
    finally:
        if driver:
            driver.quit()
        if server:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(folder, ignore_errors=True)


def git(project, *arguments):
    subprocess.run(["git", "-C", project] + list(arguments), check=True, stdout=subprocess.DEVNULL)


def request_verdict(driver):
    """The Request panel's verdict now, or None (the Query panel shows one too)."""
    return driver.execute_script(
        "const e = document.querySelector('#requestOut .verdict'); return e ? e.textContent : null;")


def diff_steps(driver, wait, project):
    """The Diff panel: the project committed to git, the clubs update rule loosened in the editor,
    the diff against HEAD shows the change with its witness, which loaded into the Request panel
    is allowed by the edited rules and denied by the committed ones."""
    git(project, "init", "-q")
    git(project, "config", "user.name", "Flint Browser Test")
    git(project, "config", "user.email", "flint@example.com")
    git(project, "config", "commit.gpgsign", "false")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "sample")
    if OWNER_TEST not in driver.find_element(By.ID, "rules").get_attribute("value"):
        fail("the editor does not hold the rules as on disk")
    replace_in_editor(driver, OWNER_TEST, "&& true")
    driver.find_element(By.CSS_SELECTOR, '.tabs button[data-panel="diff"]').click()
    if driver.find_element(By.ID, "diffRef").get_attribute("value") != "HEAD":
        fail("the diff's revision does not default to HEAD")
    driver.find_element(By.ID, "runDiff").click()
    wait.until(lambda d: text_of(d, "diffSummary") or text_of(d, "diffProblem"))
    summary = text_of(driver, "diffSummary")
    if not summary or not summary.startswith("1 change,"):
        fail("diff summary: %r (%r)" % (summary, text_of(driver, "diffProblem")))
    changes = driver.find_elements(By.CSS_SELECTOR, "#diffOut .diff-change")
    if len(changes) != 1 or "update /clubs/{clubId}" not in changes[0].text \
            or changes[0].get_attribute("data-direction") != "weaker":
        fail("diff changes: %r" % [change.text for change in changes])
    witness = driver.find_element(By.CSS_SELECTOR, "#diffOut .witness")
    if not witness.text.startswith("newly allowed: update /clubs/"):
        fail("diff witness: %r" % witness.text)
    step("diff against HEAD: %s; %s" % (summary, witness.text.split("\n")[0]))

    driver.find_element(By.CSS_SELECTOR, "#diffOut .load-witness").click()
    wait.until(lambda d: "active" in d.find_element(By.ID, "panel-request").get_attribute("class"))
    if driver.find_element(By.ID, "method").get_attribute("value") != "set":
        fail("the loaded witness's method is not set")
    if not driver.find_element(By.ID, "path").get_attribute("value").startswith("clubs/"):
        fail("the loaded witness's path is not a club")
    if not json.loads(driver.find_element(By.ID, "documents").get_attribute("value")):
        fail("the loaded witness has no stored documents")
    driver.find_element(By.ID, "runRequest").click()
    wait.until(request_verdict)
    if request_verdict(driver) != "ALLOW":
        fail("the loaded witness is not allowed by the edited rules: %r" % text_of(driver, "requestOut"))
    step("witness loaded into the Request panel: ALLOW with the edited rules")

    driver.find_element(By.ID, "reload").click()
    wait.until(lambda d: OWNER_TEST in d.find_element(By.ID, "rules").get_attribute("value"))
    driver.execute_script("document.getElementById('requestOut').innerHTML = '';")
    driver.find_element(By.ID, "runRequest").click()
    wait.until(request_verdict)
    if request_verdict(driver) != "DENY":
        fail("the loaded witness is not denied by the committed rules: %r" % text_of(driver, "requestOut"))
    step("the same request with the committed rules: DENY")
def live_reload(driver, wait, project):
    """The rules file changed on disk: the editor follows it while it holds no edits of its own;
    with edits, they stay and a notice offers the reload, which then takes the file."""
    path = os.path.join(project, "firestore.rules")

    def rewrite(old, new):
        with open(path) as source:
            text = source.read()
        if old not in text:
            fail("%r is not in the rules file" % old)
        with open(path, "w") as target:
            target.write(text.replace(old, new))

    def editor():
        return driver.find_element(By.ID, "rules").get_attribute("value")

    def notice_shown(d):
        return d.execute_script("const n = document.getElementById('diskNotice'); return !!n && !n.hidden;")

    wait.until(lambda d: "|| true" not in editor() and not notice_shown(d))
    rewrite("allow delete: if false;", "allow delete: if false; // changed on disk")
    wait.until(lambda d: "// changed on disk" in editor())
    step("the rules file changed on disk, the editor followed")

    replace_in_editor(driver, "// changed on disk", "// edited in the page")
    rewrite("// changed on disk", "// changed again")
    wait.until(notice_shown)
    if "// edited in the page" not in editor():
        fail("the page's edit was overwritten by the file on disk")
    driver.find_element(By.ID, "diskReload").click()
    wait.until(lambda d: "// changed again" in editor() and not notice_shown(d))
    step("with edits in the page: a notice, the edits kept until Reload")


if __name__ == "__main__":
    main()
