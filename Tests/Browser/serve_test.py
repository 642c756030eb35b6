#!/usr/bin/env python3
"""`flint serve` in a real browser (Debian's headless Chromium through Selenium and chromedriver).

On a copy of the sample project (Corpus/sample, with Corpus/suites/bookclub.yaml beside it) the
page is loaded, a request the rules deny is run and its failing sub-expression must be marked on
the right line, the rule is edited in the page until the request is allowed, the suites are run,
and a query's missing index is added and found merged into the manifest on disk. The page with
the denial marked is saved as the README's screenshot.

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
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLUBS_READ = "allow read: if resource.data.visibility == 'public' || isMember(clubId);"
UNSERVED = 'collection("clubs").where("owner", "==", auth.uid).orderBy("createdAt", "desc")'


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


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,940", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


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
        failing = driver.find_elements(By.CSS_SELECTOR, ".line.failing")
        lines = sorted(int(element.get_attribute("data-line")) for element in failing)
        if clubs_line not in lines:
            fail("the failing line %d is not highlighted (highlighted: %s)" % (clubs_line, lines))
        marked = driver.find_elements(By.CSS_SELECTOR, '.line.failing[data-line="%d"] mark.failing' % clubs_line)
        if not marked:
            fail("no failing sub-expression is marked on line %d" % clubs_line)
        step("DENY, line %d highlighted, sub-expression marked (%d characters)" % (clubs_line, len(marked)))
        if screenshot:
            driver.save_screenshot(screenshot)
            step("screenshot " + screenshot)

        # Edit the rule in the page so that it allows, and run the request again.
        driver.execute_script(
            "const r = document.getElementById('rules');"
            "r.value = r.value.replace(arguments[0], arguments[1]);"
            "r.dispatchEvent(new Event('input'));",
            CLUBS_READ, "allow read: if resource.data.visibility == 'public' || isMember(clubId) || true;")
        driver.find_element(By.ID, "runRequest").click()
        wait.until(lambda d: text_of(d, "verdict") == "ALLOW")
        if not driver.find_elements(By.CSS_SELECTOR, '.line.granted[data-line="%d"]' % clubs_line):
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
        live_reload(driver, wait, project)
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

    driver.execute_script(
        "const r = document.getElementById('rules');"
        "r.value = r.value.replace('// changed on disk', '// edited in the page');"
        "r.dispatchEvent(new Event('input'));")
    rewrite("// changed on disk", "// changed again")
    wait.until(notice_shown)
    if "// edited in the page" not in editor():
        fail("the page's edit was overwritten by the file on disk")
    driver.find_element(By.ID, "diskReload").click()
    wait.until(lambda d: "// changed again" in editor() and not notice_shown(d))
    step("with edits in the page: a notice, the edits kept until Reload")


if __name__ == "__main__":
    main()
