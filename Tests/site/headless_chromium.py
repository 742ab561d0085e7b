"""Starts Debian's headless Chromium through Selenium 4, as the site's browser test and serve.py
both drive it: /usr/bin/chromium (or chromium-browser), and the chromedriver at $CHROMEDRIVER or
/usr/bin/chromedriver (Selenium cannot download a browser here). Raises what Selenium raises when
the browser does not start."""

import os


def start(extra_arguments=()):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800",
                     *extra_arguments]:
        options.add_argument(argument)
    for binary in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]:
        if os.path.exists(binary):
            options.binary_location = binary
            break
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
