"""The offline assertion rules on texts (which way the words moved, the order, the numbers) and on
the part of a page in Chromium that an action changed."""
import json

import pytest

from judging.engine.assertions import (Change, Seen, State, brings_every_value, colours_brought, identical, labelled_values, mislabelled, misordered, misplaced,
                                       missing_numbers, missing_typed, moved, named_numbers, numbers_not_brought, observed,
                                       order_direction, quotes_brought, read_direction, same_picture, shown_text, spelled, texts_not_brought, text_direction, theme_brought,
                                       theme_unmet, unmet_quotes, unmet_with_checkpoint, values_brought)

CART = "Ridge Hiking Boots $149 Add to cart Trail Runner Shoes $119 Add to cart Canyon Approach Shoes $99 Add to cart"
CHECKPOINT = CART + " Your cart Ridge Hiking Boots $149 Remove Trail Runner Shoes $119 Remove Total: $268"


def test_panel_listing_the_checkpoints_products_moves_toward_it():
    after = CART + " Your cart Ridge Hiking Boots - $149 Remove Trail Runner Shoes - $119 Remove Total: $268"
    assert text_direction(CHECKPOINT, CART, after)[0] is True


def test_panel_listing_other_products_moves_away_from_it():
    after = CART + " Your cart Canyon Approach Shoes - $99 Remove Canyon Approach Shoes - $99 Remove Total: $198"
    assert text_direction(CHECKPOINT, CART, after)[0] is False


def test_words_that_vanish_as_in_the_checkpoint_move_toward_it():
    before = "Book your tour Thanks, Ana! Close Lisbon walking tour Book a tour"
    assert text_direction("Lisbon walking tour Book a tour", before, "Lisbon walking tour Book a tour")[0] is True


def test_words_the_checkpoint_glued_together_still_count():
    assert text_direction("How do I reset my password? Choosethe Forgot passwordlink", "How do I reset my password?",
                          "How do I reset my password? Choose the Forgot password link")[0] is True


def test_words_no_side_changed_give_no_direction():
    assert text_direction("a b c", "Logo text", "Logo text")[0] is None


def test_one_title_swapped_for_another_the_checkpoint_also_lists_gives_no_direction():
    # The player bar leaves one song of the list for another; the checkpoint's bar shows a third.
    playlist = "Neon Rain Kite Harbour Paper Moon Ada Lund Glass Towers Mira Vale"
    checkpoint, before = playlist + " Glass Towers Mira Vale", playlist + " Neon Rain Kite Harbour"
    toward, detail = text_direction(checkpoint, before, playlist + " Paper Moon Ada Lund")
    assert toward is None and detail["words_toward"] == detail["words_away"] == 4
    assert text_direction(checkpoint, before, playlist + " Glass Towers Mira Vale")[0] is True


def test_reordering_is_judged_by_the_order_of_the_checkpoints_words():
    checkpoint = "Pulse Mouse $19 Glide Mouse $29 Orbit Mouse $49"
    before = "Glide Mouse $29 Pulse Mouse $19 Orbit Mouse $49"
    assert order_direction(checkpoint, before, checkpoint)[0] is True
    assert order_direction(checkpoint, before, "Orbit Mouse $49 Glide Mouse $29 Pulse Mouse $19")[0] is False
    assert order_direction(checkpoint, before, before)[0] is None


def test_a_sort_is_judged_by_its_order_though_ocr_reread_the_moved_lines_otherwise():
    # The rows moved and OCR made other slips on them: the words seem to move away, the order came closer.
    checkpoint = "Audit sitemap Mar 4 Set up staging Mar 7 Migration script Mar 9 Accessibity pass Mar 11 Draft wireframes Mar 12"
    before = "Audit sitemap Mar 4 Draft wireframes Mar 12 Migration script Mar 9 Set up staging Mar 7 Accessibity pass Mar 11"
    after = "Audit sitemap Mar 4 Set up staging Mar 7 Migration script Mar 9 Accessibilitypass Mar 1 Drat wireframes Mar 12"
    assert text_direction(checkpoint, before, after)[0] is False
    assert read_direction("The table is sorted by due date, earliest first.", checkpoint, before, after)[0] is True
    # Said of no order, the words decide; and a sort the other way moves away.
    assert read_direction("The rows show their due dates.", checkpoint, before, after)[0] is False
    backwards = "Draft wireframes Mar 12 Accessibity pass Mar 11 Migration script Mar 9 Set up staging Mar 7 Audit sitemap Mar 4"
    assert read_direction("The table is sorted by due date, earliest first.", checkpoint, before, backwards)[0] is False


def test_numbers_the_assertion_names_and_the_checkpoint_shows_must_be_on_the_page():
    assertion = "A cart panel lists Ridge Hiking Boots with a total of $268 and 2 items."
    assert missing_numbers(assertion, CHECKPOINT, CART + " Total: $218") == ["268"]
    assert missing_numbers(assertion, CHECKPOINT, "Total $268") == []  # "2 items" is not in the checkpoint


def test_numbers_are_read_apart_from_units_and_thousands_separators():
    assert missing_numbers("a battery life of 40 hours and a limit of $5,000", "Battery 40 hours Limit $5,000",
                           "Battery: 40h Limit: $5000") == []


def test_words_typed_earlier_that_the_assertion_names_must_be_echoed_on_the_page():
    assertion = "The dialog now shows 'Thanks, Ana Silva! Your tour is booked.'"
    checkpoint = "Book your Lisbon tour Thanks, Ana Silva! Your tour is booked. Close"
    assert missing_typed(assertion, "Ana Silva", checkpoint, "Thanks, traveller! Your tour is booked.") == ["ana", "silva"]
    assert missing_typed(assertion, "Ana Silva", checkpoint, "Thank you, Ana Silva. Booked!") == []
    assert missing_typed(assertion, "wireless mouse\n", checkpoint, "Thanks, traveller!") == []  # not named


def test_the_little_words_of_what_was_typed_are_not_a_name_for_it():
    assert missing_typed("Only the Buy milk task is listed.", "Water the plants", None, "Buy milk") == []
    assert missing_typed("Water the plants is listed.", "Water the plants", None, "Buy milk") == ["plants", "water"]


def test_a_colour_word_alone_says_how_a_thing_looks_not_what_was_typed():
    typed = "Staging is green, shipping at 4pm"
    assert missing_typed("The header shows a green Active now.", typed, None, "Priya Nair Active now") == []
    assert missing_typed("The last message reads Staging is green.", typed, None, "Priya Nair Active now") == \
        ["green", "staging"]


def test_a_value_something_loses_need_not_be_shown():
    assert named_numbers("Her row turns violet and loses the red 2 badge, the Home count drops to 5.") == {"5"}
    assert named_numbers("The tab no longer shows 3 and reads Inbox.") == set()


def test_a_value_changed_from_need_not_be_shown_nor_ordinals_and_distances():
    assert named_numbers("The price changes from $199 to $238.") == {"238"}
    assert named_numbers("The 3rd tab opens and the page moves 400 px; 2 items are listed") == {"2"}
    assert named_numbers("The review now shows Helpful (9) instead of Helpful (8).") == {"9"}
    assert named_numbers("The text shows in the box in place of the grey Message #launch-q3 placeholder.") == set()
    assert named_numbers("The like count rises by 1 to 113 likes.") == {"113"}


def test_a_value_before_an_arrow_is_what_was_there():
    from judging.engine.assertions import quoted_claims

    said = "Every quantity is scaled up: 8 → 10 chicken thighs, 600 g → 750 g baby potatoes, 45 ml -> 55 ml olive oil."
    assert named_numbers(said) == {"10", "750", "55"}
    assert [c.text for c in quoted_claims("The unit reads 'Metric' → 'US'.")] == ["US"]
    assert named_numbers("In the open step, 'Heat the oven to 200°C (180°C fan)' becomes 'Heat the oven to 400°F'.") == {"400"}


def test_numbers_placing_cells_in_rows_and_columns_need_not_be_shown():
    assert named_numbers("The first two cells of rows 2 to 4 are empty and a blue 1 sits in rows 3 and 4.") == {"1"}
    assert named_numbers("The cell in row 6, column 2 shows a mine; the counter reads 009.") == {"009"}


def test_an_old_text_that_says_to_itself_ends_where_the_new_text_repeats_its_shape():
    assert named_numbers("The orange line changes from Heating to 21.5 °C to Heating to 22.0 °C.") == {"22"}
    assert named_numbers("The banner goes from Save up to 10% to Save up to 15% today.") == {"15"}
    assert named_numbers("It changes from Leaving 16:00 to Leaving 17:00.") == {"17:00"}


def _squares(letters, top=100, size=78):
    """The text boxes of a row of crossword squares: a narrow letter centred in each square, "" empty."""
    return [(letter, 40 + i * size - 4 + (i % 2), top, 40 + i * size + 5 + (i % 2), top + 22)
            for i, letter in enumerate(letters) if letter]


def test_a_row_of_squares_each_holding_a_letter_reads_as_the_word_they_spell():
    boxes = _squares("NODE") + _squares(["A", "R", "", "U", "E"], top=180)
    assert spelled(boxes).split() == ["NODE", "AR", "UE"]
    assert unmet_quotes("The bottom row now reads NODE.", "Tuesday's Mini\n" + spelled(boxes)) == []
    assert unmet_quotes("The bottom row now reads NODE.", "Tuesday's Mini\nN O D E") == ["NODE"]
    assert spelled([("A", 10, 10, 20, 30), ("Tabs", 40, 10, 90, 30), ("7", 100, 10, 110, 30)]) == ""


def test_a_ratio_changed_from_is_read_whole_and_need_not_be_shown():
    assert named_numbers("The counter goes from 14 of 24 spaces free to 13 of 24 spaces free.") == {"13/24"}
    assert named_numbers("The pager reads 3 / 5 instead of 2 / 5.") == {"3/5"}


def test_all_a_text_changes_from_up_to_its_to_need_not_be_shown():
    assert named_numbers("The text changes from 8 episodes · 2 downloaded (84 MB) to 8 episodes · 3 downloaded "
                         "(119 MB).") == {"8", "3", "119"}
    assert named_numbers("The line changes from Leaving 16:00 to Leaving 17:00 and the price rises to £7.20.") \
        == {"17:00", "7.2"}


def test_a_text_something_now_reads_must_be_brought_by_the_action():
    listed = [("Neon Rain", 60, 100, 140, 116), ("Glass Towers", 60, 130, 150, 146), ("Mira Vale", 300, 130, 370, 146)]
    before = listed + [("Neon Rain", 40, 740, 120, 756), ("Kite Harbour", 40, 760, 130, 776)]
    skipped = listed + [("Slow Motion Summer", 40, 740, 180, 756), ("Ada Reyes", 40, 760, 110, 776)]
    played = listed + [("Glass Towers", 40, 740, 130, 756), ("Mira Vale", 40, 760, 110, 776)]
    said = "The bottom bar now shows Glass Towers by Mira Vale and the fourth row is highlighted."
    text = lambda boxes: "\n".join(b[0] for b in boxes)  # noqa: E731
    assert texts_not_brought(said, before, skipped, text(before), text(skipped)) == ["Glass Towers by Mira Vale"]
    assert texts_not_brought(said, before, played, text(before), text(played)) == []


def test_a_text_said_to_stay_or_only_named_need_not_be_brought():
    boxes = [("Your turn", 10, 10, 80, 26), ("Dark mode", 10, 40, 90, 56)]
    page = "Your turn\nDark mode"
    assert texts_not_brought("The indicator still reads Your turn.", boxes, boxes, page, page) == []
    assert texts_not_brought("The 'Dark mode' toggle turns blue.", boxes, boxes, page, page) == []
    assert texts_not_brought("The indicator now reads Your turn.", boxes, boxes, page, page) == ["Your turn"]
    assert texts_not_brought("The dialog closes and the indicator reads Your turn.", boxes, boxes, page, page) == []


def test_a_text_a_closing_dialog_uncovers_on_the_screenshot_was_brought():
    boxes = [("1 tour booked", 900, 20, 1000, 36), ("Booked!", 500, 300, 560, 316)]
    page = "1 tour booked\nBooked!"
    said = "The dialog closes and the header now reads '1 tour booked'."
    assert texts_not_brought(said, boxes, boxes[:1], page, "1 tour booked", seen=("Booked!", "1 tour booked")) == []
    assert texts_not_brought(said, boxes, boxes[:1], page, "1 tour booked",
                             seen=("1 tour booked Booked!", "1 tour booked")) == ["1 tour booked"]


def test_a_value_changed_inside_its_line_is_read_with_the_line_it_sits_in():
    before = [("Saved jobs (", 10, 10, 90, 26), ("0", 90, 10, 98, 26), (")", 98, 10, 102, 26)]
    after = [("Saved jobs (", 10, 10, 90, 26), ("1", 90, 10, 98, 26), (")", 98, 10, 102, 26)]
    said = "The header now reads Saved jobs (1)."
    assert texts_not_brought(said, before, after, "Saved jobs (\n0\n)", "Saved jobs (\n1\n)") == []
    assert texts_not_brought(said, after, after, "Saved jobs (\n1\n)", "Saved jobs (\n1\n)") == ["Saved jobs (1)"]


def test_a_price_with_cents_of_zero_is_the_same_value():
    assert missing_numbers("The total reads $468.00 and the fee $0.50.", None, "Total $468 Fee $0.5") == []
    assert missing_numbers("The total reads $468.", None, "Total $468.50") == ["468"]


def test_without_a_checkpoint_the_numbers_named_must_be_in_what_the_action_changed():
    assertion = "A detail panel on the right shows Glide Wireless Mouse, $29 and its description."
    results = "Pulse $19 Glide $29 Orbit $49"
    assert numbers_not_brought(assertion, "Orbit Wireless Mouse $49", results, results + " Orbit $49") == ["29"]
    assert numbers_not_brought(assertion, "Glide Wireless Mouse $29", results, results + " Glide $29") == []


def test_a_filter_brings_the_values_it_leaves_in_the_list_it_changed():
    assertion = "3 hotels found: Casa do Rio at €182 and Tejo Bay Hotel at €214."
    assert numbers_not_brought(assertion, "3 hotels found Casa do Rio €182 Tejo Bay Hotel €214 Baixa €168",
                               "8 hotels €182 €214", "3 hotels €182 €214") == []


def test_a_scroll_brings_what_comes_into_view():
    assertion = "The Latest news list comes into view, its first story about night buses every 15 minutes."
    assert numbers_not_brought(assertion, "", "Front page", "Latest news Night buses every 15 minutes") == []
    assert numbers_not_brought(assertion, "", "Front page", "Front page") == ["15"]


def test_a_scroll_brings_what_it_leaves_in_view_though_its_edge_showed_before():
    assertion = "The Latest news list comes into view, its first story about night buses every 15 minutes."
    before, after = "Front page Night buses every 15 minutes", "Latest news Night buses every 15 minutes"
    assert numbers_not_brought(assertion, "", before, after, scrolled=True) == []
    assert numbers_not_brought(assertion, "", before, after) == ["15"]


def test_a_number_in_a_text_the_assertion_names_is_checked_with_the_text_not_as_new():
    before = "Saved (1) 3 hotels found"
    after = "Saved (1) 4 hotels found"
    claim = "4 hotels found, cheapest first; the header shows Saved (1)."
    assert numbers_not_brought(claim, "4 hotels found", before, after) == []


def test_a_number_quoted_or_said_to_stay_need_not_be_new():
    assert numbers_not_brought("The dialog closes and the header reads '1 tour booked'.", "", "1 tour booked",
                               "1 tour booked") == []
    assert numbers_not_brought("The counter still shows 3.", "", "3", "3") == []
    assert numbers_not_brought("With the 15% tip already selected, the total reads $97.29.", "Total $97.29",
                               "15% Total $84", "15% Total $97.29") == []
    assert numbers_not_brought("The counter shows 3.", "", "3", "3") == ["3"]


def test_a_text_the_page_stops_saying_must_be_gone():
    claim = "The title turns teal; the dark bar at the bottom stops saying Pick an episode to start listening."
    assert unmet_quotes(claim, "Tides on Europa 42:10") == []
    assert unmet_quotes(claim, "Pick an episode to start listening") == ["Pick an episode to start listening"]


def test_a_text_named_without_quotes_ends_with_its_sentence():
    claim = "The hint under the total says Add 1 more ticket to match your seats. The total is still $0.00."
    assert unmet_quotes(claim, "Seats: E4 Add 1 more ticket to match your seats. Total $0.00") == []
    assert unmet_quotes(claim, "Seats: E4 Total $0.00") == ["Add 1 more ticket to match your seats"]


def test_a_message_named_by_its_kind_must_say_what_follows_up_to_what_it_does():
    claim = "Nothing is added: a red line Please choose a frame size appears under the size boxes."
    assert unmet_quotes(claim, "Frame size S M L Please choose a frame size") == []
    assert unmet_quotes(claim, "Frame size S M L") == ["Please choose a frame size"]
    counted = "The note under the grid is replaced by the red message ✕ 1 square is wrong."
    assert unmet_quotes(counted, "Check ✕ 1 square is wrong") == []
    assert unmet_quotes(counted, "Check ✕ 5 squares are wrong", "✕ 5 squares are wrong") == ["1 square is wrong"]
    assert unmet_quotes("The orange line under the dial turns green.", "Heating") == []


def test_a_text_named_without_quotes_ends_where_what_follows_it_is_described():
    claim = "The Y is erased; the bottom row reads N O D followed by an empty square."
    assert unmet_quotes(claim, "Mini N O D 22 of 23 squares filled") == []
    assert unmet_quotes(claim, "Mini N O D Y 23 of 23 squares filled") == []
    assert unmet_quotes(claim, "Mini B E S T 22 of 23 squares filled") == ["N O D"]


def test_a_message_told_without_quotes_may_be_worded_otherwise_on_a_line_the_action_brought():
    claim = "The plate box gets a red border and a small red line under it says Enter your number plate to continue."
    told = ["Enter your number plate to continue"]
    assert unmet_quotes(claim, "Book Please enter your registration", "Please enter your registration") == []
    assert unmet_quotes(claim, "Book Pick a space first", "Pick a space first") == told
    assert unmet_quotes(claim, "Book Please enter your registration", "") == told      # there before the action
    quoted = "A small red line under it says 'Enter your number plate to continue'."
    assert unmet_quotes(quoted, "Book Please enter your registration", "Please enter your registration") == told
    # A name is no message; a message's numbers are its own.
    assert unmet_quotes("The bar now shows Glass Towers by Mira Vale.", "Glass Bridges by Mira Vale",
                        "Glass Bridges by Mira Vale") == ["Glass Towers by Mira Vale"]
    hint = "The hint says Add 1 more ticket to match your seats."
    assert unmet_quotes(hint, "Choose 1 more ticket", "Choose 1 more ticket") == []
    assert unmet_quotes(hint, "Add 2 more tickets", "Add 2 more tickets") == ["Add 1 more ticket to match your seats"]


def test_a_label_read_with_its_count_may_be_worded_otherwise_on_a_line_the_action_brought():
    claim = "The bookmark turns yellow and the header reads Saved jobs (1)."
    assert unmet_quotes(claim, "Jobs Saved (1) Post a job", "Saved (1)") == []
    assert unmet_quotes(claim, "Jobs Saved (0) Post a job", "Saved (0)") == ["Saved jobs (1)"]
    assert unmet_quotes(claim, "Jobs Saved (1) Post a job", "") == ["Saved jobs (1)"]     # there before the action
    assert unmet_quotes(claim, "Jobs Bookmarks (1)", "Bookmarks (1)") == ["Saved jobs (1)"]   # of something else
    titled = "A panel slides in titled Up next, 2 episodes, listing the two."
    assert unmet_quotes(titled, "Queue 2 episodes", "Queue 2 episodes") == []
    assert unmet_quotes(titled, "Queue 3 episodes", "Queue 3 episodes") == ["Up next, 2 episodes"]
    # Its numbers in their order: the score is no label to reword.
    assert unmet_quotes("The score becomes You 1 – 0 Computer.", "You 0 – 1 Computer",
                        "You 0 – 1 Computer") == ["You 1 – 0 Computer"]


def test_what_a_panel_changes_to_is_a_text_it_must_show_brought_by_the_action():
    claim = "The Sat tile gets a blue outline and the hourly panel below changes to Saturday, 18 May with showers."
    before = [("Today, 16 May", 40, 500, 200, 520)]
    saturday, sunday = [("Saturday, 18 May", 40, 500, 220, 520)], [("Sunday, 19 May", 40, 500, 210, 520)]
    page = "Sat 18 May 64° / 52° Sun 19 May 73° / 59° "
    assert unmet_quotes(claim, page + "Saturday, 18 May", "Saturday, 18 May") == []
    assert unmet_quotes(claim, page + "Sunday, 19 May", "Sunday, 19 May") == ["Saturday, 18 May"]
    assert texts_not_brought(claim, before, saturday, page + "Today, 16 May", page + "Saturday, 18 May") == []
    # A unit is no text: the temperatures that switch to Fahrenheit show °F, not the word.
    assert unmet_quotes("Every temperature switches to Fahrenheit.", "70°F 50°", "70°F") == []
    # "in green" says how the text looks, not what it reads.
    assert unmet_quotes("The indicator changes to You win! in green.", "You win! New game", "You win!") == []
    assert unmet_quotes("The caption reads Ines in Blue, Portrait · 2022.", "Ines in Blue Portrait · 2022") == []


def test_a_value_brought_by_the_action_is_not_every_value_named():
    claim = "The big reading goes from 21°C to 70°F, the dew point shows 50° and today's tile reads 75° / 57°."
    assert brings_every_value(claim, ["50", "57", "70", "75"])
    assert not brings_every_value(claim, ["50", "70", "75"])
    assert not brings_every_value("The counter shows 3.", ["3"])     # one number is too little to go by


def test_quoted_texts_must_be_shown_with_their_numbers_and_gone_when_said_to_go():
    assert unmet_quotes("The header reads '1 tour booked'.", "No tours booked yet") == ["1 tour booked"]
    assert unmet_quotes("The header reads '1 tour booked'.", "Home  1 Tour Booked  Help") == []
    assert unmet_quotes("The task 'Buy milk' is removed, leaving 'Call mum'.", "Call mum Buy milk") == ["Buy milk"]
    assert unmet_quotes("The task 'Buy milk' is removed, leaving 'Call mum'.", "Call mum") == []


def test_a_quote_said_to_go_away_that_its_checkpoint_no_longer_shows_must_be_gone_from_the_page():
    archived = "The Ledgerly row with 'Invoice #4471 is ready' disappears and a toast says 'Conversation archived'."
    truth = "Inbox 5 Priya Nair Design review Marta Okafor Offsite agenda Conversation archived Undo"
    kept = "Inbox\n5\nPriya Nair\nLedgerly\nInvoice #4471 is ready\nConversation archived"
    assert unmet_with_checkpoint(archived, truth, kept, "", kept) == ["Invoice #4471 is ready"]
    gone = "Inbox\n5\nPriya Nair\nMarta Okafor\nConversation archived"
    assert unmet_with_checkpoint(archived, truth, gone, "", gone) == []
    # The checkpoint shows it still (in a toast that names it): the page may too.
    assert unmet_with_checkpoint(archived, truth + " Invoice #4471 is ready", kept, "", kept) == []


def test_a_code_of_letters_and_digits_names_something_and_is_no_number():
    assert named_numbers("The padlock in the red E63946 column closes and the pill reads '2 locked'.") == {"2"}
    assert named_numbers("Only the fourth column changes to 6D597A; the rest stay the same.") == set()
    assert named_numbers("The timer reads 40h and the bag weighs 265g.") == {"40", "265"}


def test_the_quote_a_text_changes_from_need_not_be_shown():
    changed = "The title bar of the compose window changes from 'New message' to 'Quarterly numbers'."
    assert unmet_quotes(changed, "Compose\nQuarterly numbers\nSend") == []
    assert unmet_quotes(changed, "Compose\nNew message\nSend") == ["Quarterly numbers"]
    assert unmet_quotes("Removed from 'Favourites', the star goes grey.", "Favourites") == ["Favourites"]


def test_a_quote_the_page_read_before_the_action_need_not_be_shown():
    replaced = "In the summary, 'No stems yet' is replaced by a line 'Rose × 1  $4.50'."
    assert unmet_quotes(replaced, "Your bouquet\nRose × 1  $4.50") == []
    assert unmet_quotes(replaced, "Your bouquet\nNo stems yet") == ["Rose × 1  $4.50"]
    worded = "The turn box changes from a red disc with 'Red to move' to a cream disc with 'Cream to move'."
    assert unmet_quotes(worded, "Cream to move\nMove 2") == []
    assert unmet_quotes(worded, "Red to move\nMove 1") == ["Cream to move"]
    past = "The text box, which showed the grey placeholder 'Scene name', now shows 'Encore'."
    assert unmet_quotes(past, "Scenes\nEncore") == []
    assert unmet_quotes("The button reads 'Saved' instead of 'Save'.", "Saved") == []
    turned = "The curve goes flat and the amber 'Custom' tag turns into a green 'Flat' tag."
    assert unmet_quotes(turned, "Master EQ\nFlat") == []
    assert unmet_quotes(turned, "Master EQ\nCustom") == ["Flat"]
    assert unmet_quotes("The label 'Follow' becomes 'Following'.", "Following") == []
    assert unmet_quotes("The 'Undo' link becomes visible.", "Home") == ["Undo"]
    # What the action brought is still claimed, whatever went before it in the sentence.
    assert unmet_quotes("The status is set to 'Done' and the 'Undo' link appears.", "Done") == ["Undo"]
    assert unmet_quotes("A banner is displayed as 'Welcome back'.", "Home") == ["Welcome back"]


def test_a_quoted_label_with_its_count_may_be_worded_otherwise_but_shows_the_count():
    # The rebuild's status line reads 'Peak 0.0 dB' for 'Mix peak 0.0 dB', in a row of spans the page's
    # text runs together: the label is worded its own way, the value is the one said; another value is
    # not it, nor a line without the label's topic.
    said = "The status text under the mixer changes from 'Mix peak −3.0 dB' to 'Mix peak 0.0 dB'."
    status = "6 of 6 channels audiblePeak {} dB48 kHz / 24-bit"
    assert unmet_quotes(said, status.format("0.0"), fresh="Peak 0.0 dB") == []
    assert unmet_quotes(said, status.format("−3.0"), fresh="Peak −3.0 dB") == ["Mix peak 0.0 dB"]
    assert unmet_quotes(said, status.format("0.0").replace("Peak", "Gain"), fresh="Gain 0.0 dB") == ["Mix peak 0.0 dB"]
    # A quote without a count is the page's wording.
    assert unmet_quotes("A toast says 'Scene stored in your library'.", "Saved", fresh="Saved") == \
        ["Scene stored in your library"]


def test_a_text_said_to_stay_that_the_page_words_its_own_way_stays_as_it_was():
    said = "A yellow ring appears around the piece. The panel still says 'Red to move' and 'No moves yet'."
    page = "Red to move\nGAME RECORD\nNo moves played yet."
    assert unmet_quotes(said, page, was_text=page) == []
    # Shown before and gone after, the action removed it; and without the page before, it is claimed.
    assert unmet_quotes(said, "Red to move\n1. c3-d4", was_text="Red to move\nNo moves yet") == ["No moves yet"]
    assert unmet_quotes(said, page) == ["No moves yet"]


def test_a_fields_value_the_page_lists_last_still_reads_alone():
    # Probes list the fields' values after every other text, so the value is the DOM text's last line.
    after = State(mutations=3, url="", scroll=[0, 0], text="", changed_text="",
                  page_text="Order summary\nPromo code\nApply\nSAVE15")
    current = Seen(png=b"", image=None, text="Order summary Promo code SAVE15 Apply")
    assert unmet_quotes("The field shows SAVE15 and a small grey round x icon appears at its right end.",
                        shown_text(after, current)) == []


def test_a_screenshot_is_its_checkpoints_picture_up_to_a_caret():
    import cv2
    import numpy as np

    page = np.full((200, 300, 3), 255, np.uint8)
    cv2.putText(page, "Total $268", (10, 100), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 2)
    caret = page.copy()
    caret[90:100, 200] = 0
    other = page.copy()
    cv2.putText(other, "Total $218", (10, 150), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 2)
    png = [cv2.imencode(".png", image)[1].tobytes() for image in (page, caret, other)]
    assert identical(png[0], png[1]) and not identical(png[0], png[2])


def test_a_screenshot_whose_badge_reads_another_number_is_not_its_checkpoints_picture():
    import cv2
    import numpy as np

    board = np.full((800, 1280, 3), 255, np.uint8)
    cv2.putText(board, "To do 4", (10, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
    stale = board.copy()
    stale[25:45, 50:70] = 255
    cv2.putText(stale, "3", (62, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
    png = [cv2.imencode(".png", image)[1].tobytes() for image in (board, stale)]
    assert identical(png[0], png[1])          # a few pixels: the picture alone cannot tell
    assert same_picture(png[0], png[0], "To do 4", "To do 4")
    assert not same_picture(png[0], png[1], "To do 4", "To do 3")



def test_a_digit_redrawn_where_ocr_reads_neither_is_not_its_checkpoints_picture():
    import cv2
    import numpy as np

    panel = np.full((800, 1280, 3), 255, np.uint8)
    cv2.putText(panel, "Children", (10, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
    cv2.putText(panel, "1", (120, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
    unchanged = panel.copy()
    unchanged[25:45, 115:135] = 255
    cv2.putText(unchanged, "0", (120, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
    caret = panel.copy()
    caret[300:318, 400] = 0
    png = [cv2.imencode(".png", image)[1].tobytes() for image in (panel, unchanged, caret)]
    # OCR read the label alone on both: the numbers it read agree.
    assert not same_picture(png[0], png[1], "Children", "Children")
    assert same_picture(png[0], png[2], "Children", "Children")


def probed(judge, html, click=None):
    """What js/probe.js returns on `html` (after clicking `click`, probed before it too)."""
    from judging.engine.replay import INSTRUMENT_JS, PROBE_JS

    async def probe():
        context = await judge._browser.new_context(viewport={"width": 1280, "height": 800})
        try:
            await context.route("http://probe.test/**", lambda route: route.fulfill(body=html, content_type="text/html"))
            await context.add_init_script(INSTRUMENT_JS)
            page = await context.new_page()
            await page.goto("http://probe.test/index.html")
            if click:
                await page.evaluate(PROBE_JS)
                await page.click(click)
            return await page.evaluate(PROBE_JS)
        finally:
            await context.close()

    return judge._loop.run_until_complete(probe())


COUNTER = """<!doctype html><div class="viewer"><p>Photo <b id="n">2</b> / 5</p><p>Kitchen</p>
<button onclick="document.getElementById('n').textContent = '4'">Next</button></div>"""


@pytest.mark.browser
def test_a_value_changed_inside_a_line_is_read_with_the_line(judge):
    mutations, url, text, page_text, changed, boxes = probed(judge, COUNTER, click="button")
    assert " ".join(changed.split()).startswith("Photo 4 / 5")
    assert numbers_not_brought("The counter reads 4 / 5.", changed, "Photo 2 / 5", "Photo 4 / 5") == []


TABLE_OF_DIVS = """<!doctype html><style>.c{display:inline-block;width:60px}</style><div id="g"><div><div class="c">Ashford</div><div class="c">20</div><div class="c">24</div><div class="c">33</div></div></div>
<button onclick="document.getElementById('g').innerHTML = '<div><div class=c>Kestrel Park</div><div class=c>20</div><div class=c>22</div><div class=c>24</div></div>'">Next</button>"""


@pytest.mark.browser
def test_cells_drawn_inline_are_read_apart_in_what_the_action_changed(judge):
    # innerText runs the cells together ("Kestrel Park202224"): each cell is a value of its own.
    _, _, _, _, changed, _ = probed(judge, TABLE_OF_DIVS, click="button")
    assert numbers_not_brought("The last teams are listed, Kestrel Park 24 down.", changed,
                               "Ashford 20 24 33", "Kestrel Park 20 22 24") == []


RADIO_CARDS = """<!doctype html><meta charset="utf-8"><style>label{display:block;border:1px solid #ccc;margin:6px;padding:8px}
label:has(:checked){border:3px solid teal;background:#e6f6f4}</style><p>How long did you wait?</p>
<label><input type="radio" name="w" id="a"> Under 10 minutes</label><label><input type="radio" name="w" id="c"> 20–40 minutes</label>"""


@pytest.mark.browser
def test_a_radio_chosen_with_only_its_look_changing_is_what_the_action_changed(judge):
    mutations, _, _, _, changed, _ = probed(judge, RADIO_CARDS, click="#c")
    assert "20–40 minutes" in changed
    assert numbers_not_brought("The 20–40 minutes card gets a thicker teal border.", changed,
                               "Under 10 minutes 20–40 minutes", "Under 10 minutes 20–40 minutes") == []


def test_a_value_is_read_whole_not_digit_by_digit():
    assertion = "The main bedroom photo is shown and the counter reads 4 / 5."
    region = "‹ › 3 / 5 Living room £625,000 14 Alder Row, Hove BN3 4FA"
    assert numbers_not_brought(assertion, region, "2 / 5", "3 / 5") == ["4/5"]
    assert numbers_not_brought(assertion, "4/5 Main bedroom", "2 / 5", "4/5") == []
    assert numbers_not_brought(assertion, "Photo 4 of 5", "2 of 5", "4 of 5") == []
    assert missing_numbers("The tip per person reads $5.64.", "Tip $5.64",
                           "Tip $4.23 Total $33.64 5 people") == ["5.64"]
    assert named_numbers("Departing at 13:25 with 2, 2 and 4 in the top row") == {"13:25", "2", "4"}


def test_values_said_to_be_in_order_must_be_in_that_order_on_the_page():
    assertion = "The menu closes and the results are ordered Baixa (€168), Casa do Rio (€182), Tejo Bay (€214)."
    assert misordered(assertion, "3 hotels Baixa Loft €168 4.5 Casa do Rio €182 Tejo Bay €214") == []
    assert misordered(assertion, "3 hotels Tejo Bay €214 Casa do Rio €182 Baixa Loft €168") == ["168", "182", "214"]
    assert misordered("Casa do Rio costs €182 and Tejo Bay €214.", "Tejo Bay €214 Casa do Rio €182") == []
    # "The order changes to A, then B" lists them in order too.
    sorted_ = "The order changes to Senior Designer ($128k), then UX Designer ($112k), then Interaction Designer ($98k)."
    assert misordered(sorted_, "Senior Designer $128k UX Designer $112k Interaction Designer $98k") == []
    assert misordered(sorted_, "Interaction Designer $98k UX Designer $112k Senior Designer $128k") == ["128", "112", "98"]
    # A table has other columns of numbers: the values are read in order wherever else they appear.
    table = "Team P W Pts Hawks 14 46 46 Rovers 46 12 42 Athletic 13 11 41"
    assert misordered("Sorted by points, highest first: 46, then 42 and 41.", table) == []
    assert misordered("Sorted by points, highest first: 46, then 42 and 41.", "Rovers 42 Hawks 46 Athletic 41") == [
        "46", "42", "41"]


def test_words_a_rebuild_adds_in_its_own_wording_weigh_neither_way():
    checkpoint = "Install npm install orbit Copy Copied"
    before = "Install npm install orbit Copy"
    # The rebuild says "Copied to clipboard!": "to" and "clipboard" are its own words.
    assert text_direction(checkpoint, before, before + " Copied to clipboard")[0] is True
    assert text_direction(checkpoint, before, before + " to clipboard")[0] is None


def test_an_item_said_to_move_to_the_top_is_read_higher_than_before():
    claim = "Call the plumber about the leak moves to the top of the list and its pin turns blue."
    before = "Tasks Buy milk Call the plumber about the leak Pay rent"
    assert misplaced(claim, before, "Tasks Call the plumber about the leak Buy milk Pay rent") == []
    assert misplaced(claim, before, "Tasks Buy milk Pay rent Call the plumber about the leak") == [
        "Call the plumber about the leak"]
    assert misplaced("'Pay rent' drops to the bottom", before, "Tasks Pay rent Buy milk") == ["Pay rent"]
    # What the page does not show both times, or a pronoun, is left to the other rules.
    assert misplaced("It moves to the top", before, "Tasks Pay rent Buy milk") == []


def test_an_item_read_where_it_is_said_to_move_is_a_move_as_claimed():
    claim = "Call the plumber about the leak moves to the top of the list and its pin turns blue."
    before = "Tasks Buy milk Call the plumber about the leak Pay rent"
    assert moved(claim, before, "Tasks Call the plumber about the leak Buy milk Pay rent") == [
        "Call the plumber about the leak"]
    assert moved(claim, before, before) == []
    assert moved("The list is sorted by date.", before, "Tasks Pay rent Buy milk") == []


def test_a_quoted_text_the_action_brought_is_a_move_as_claimed():
    before = "npm install -g @quill/cli Copy quill.config.json Copy"
    after = "npm install -g @quill/cli Copied quill.config.json Copy"
    assert quotes_brought("That button now reads 'Copied'.", before, after) == ["Copied"]
    # Shown before already, or not shown now: no sign of the change.
    assert quotes_brought("That button now reads 'Copied'.", after, after) == []
    assert quotes_brought("That button now reads 'Copied'.", before, before) == []
    # Every text said to be shown must be there; one said to go is no sign.
    assert quotes_brought("It reads 'Copied' and a toast says 'Saved'.", before, after) == []
    assert quotes_brought("The 'Copy' label is gone.", before, after) == []


def test_a_quoted_text_said_once_more_than_before_was_brought():
    table = " public/ Files copied as they are: images, fonts"
    before = "npm install -g @quill/cli Copy" + table
    assert quotes_brought("That button now reads 'Copied'.", before, "npm install -g @quill/cli Copied" + table) == ["Copied"]
    assert quotes_brought("That button now reads 'Copied'.", before, before) == []


def test_values_the_action_brought_as_named_say_the_page_moved_as_claimed():
    before, after = "History 7 × 8 = 56 C % 56", "History 7 × 8 = 56 C % 0.56"
    assert values_brought("The display shows 0.56.", after, before, after) == ["0.56"]
    # Not newly shown (a list only reordered), or not all shown: no such evidence.
    assert values_brought("The history lists 56.", after, before, after) == []
    assert values_brought("Sorted: Glide $29, Pulse $19.", "Glide $29 Pulse $19", "Pulse $19 Glide $29",
                          "Glide $29 Pulse $19") == []
    assert values_brought("The display shows 0.56 and Moves reads 3.", after, before, after) == []
    # A value said to stay is no sign of the change.
    assert values_brought("Moves reads 3 and Pairs still reads 1 / 8.", "Moves 3 Pairs 1 / 8",
                          "Moves 2 Pairs 1 / 8", "Moves 3 Pairs 1 / 8") == ["3"]


def test_a_text_named_after_starting_with_or_titled_is_claimed_like_a_quoted_one():
    claim = "Four more stories appear, starting with Harbour ferry fares to rise 6% in April; the count reads 12 of 12."
    assert unmet_quotes(claim, "Harbour ferry fares to rise 6% in April Showing 12 of 12") == []
    assert unmet_quotes(claim, "Night buses to run every 15 minutes Showing 12 of 12") == [
        "Harbour ferry fares to rise 6% in April"]
    assert unmet_quotes("A new list titled Weekend trips is shown.", "Weekend trips") == []
    # A quote after "titled" is the title; what follows is no text.
    assert unmet_quotes("A dialog titled 'Book your tour' opens over a darkened page.", "Book your tour") == []


def test_what_a_text_reads_is_named_by_its_capital_and_read_as_whole_words():
    claim = "The first four stars turn amber and the text beside them reads Good."
    assert unmet_quotes(claim, "★★★★☆\nGood\nWrite a review") == []
    assert unmet_quotes(claim, "★★☆☆☆\nFair\nGoodbye") == ["Good"]
    # One word a caption reads is its whole text, not a word of a review's title.
    assert unmet_quotes(claim, "★★☆☆☆\nFair\nGood kettle, stiff lid") == ["Good"]
    # A value or a look is no text a page reads, nor the text it replaces.
    assert unmet_quotes("Moves reads 2 and the card shows a red heart.", "Moves 3") == []
    assert unmet_quotes("The review now shows Helpful (9) instead of Helpful (8).", "Helpful (9)") == []


def test_a_page_said_to_be_in_a_dark_theme_is_dark_over_most_of_the_screen():
    import cv2
    import numpy as np

    dark, bar_only = np.full((200, 300, 3), 30, np.uint8), np.full((200, 300, 3), 250, np.uint8)
    bar_only[:40] = 30
    png = {name: cv2.imencode(".png", image)[1].tobytes() for name, image in (("dark", dark), ("bar", bar_only))}
    claim = "The whole page switches to a dark theme, with light text, and the Dark mode toggle is on."
    assert theme_unmet(claim, png["dark"]) == []
    assert theme_unmet(claim, png["bar"]) == ["dark"]
    assert theme_unmet("The page is still dark.", png["bar"]) == ["dark"]
    # A label that says the word is no claim about the page.
    assert theme_unmet("The Dark mode toggle is on.", png["bar"]) == []
    # Turning dark is the change the assertion names, however the words of the screenshot read.
    assert theme_brought(claim, png["bar"], png["dark"]) == ["dark"]
    assert theme_brought(claim, png["dark"], png["dark"]) == []


def test_a_colour_the_assertion_names_is_brought_where_the_page_changed():
    import cv2
    import numpy as np

    card = np.full((120, 200, 3), 255, np.uint8)
    outlined, amber, blue = card.copy(), card.copy(), card.copy()
    cv2.rectangle(outlined, (90, 50), (105, 65), (160, 160, 160), 1)
    cv2.rectangle(amber, (90, 50), (105, 65), (11, 158, 245), -1)      # BGR of #f59e0b
    cv2.rectangle(blue, (90, 50), (105, 65), (235, 99, 37), -1)
    png = {name: cv2.imencode(".png", image)[1].tobytes()
           for name, image in (("outlined", outlined), ("amber", amber), ("blue", blue))}
    claim = "The star on the Fix login redirect card becomes a solid amber star; the card stays where it is."
    assert colours_brought(claim, png["outlined"], png["amber"]) == ["amber"]
    # Another colour there, or the colour already there, or no change: not what it names.
    assert colours_brought(claim, png["outlined"], png["blue"]) == []
    assert colours_brought(claim, png["amber"], png["amber"]) == []
    # Grey, white and black are what text and borders are drawn in: no hue a change brings.
    assert colours_brought("The star goes back to grey.", png["amber"], png["outlined"]) == []


def test_a_value_the_page_reads_is_checked_though_the_checkpoints_ocr_missed_it():
    checkpoint = "Main bedroom Book a visit"     # the counter on the photo too small for OCR
    claim = "The main bedroom photo is shown, the fourth dot is filled and the counter reads 4 / 5."
    assert missing_numbers(claim, checkpoint, "Main bedroom 3 / 5 Book a visit") == ["4/5"]
    assert missing_numbers(claim, checkpoint, "Main bedroom 4 / 5 Book a visit") == []
    # A count of things on the page is no value it reads.
    assert missing_numbers("All 16 cards are face down again.", "Moves 0", "Moves 0") == []


def test_a_time_replaced_is_read_whole_and_need_not_be_shown():
    assert named_numbers("The faint line now says Updated just now instead of Updated 09:40.") == set()
    assert named_numbers("The departure moves from 13:25 to 14:05.") == {"14:05"}


def test_a_text_named_after_reads_ends_before_the_words_that_describe_it():
    claim = "The indicator reads Your turn again with its red dot, while the score keeps You 1 – 0 Computer."
    assert unmet_quotes(claim, "Moves 0\nYour turn\nYou 1 – 0 Computer") == []
    assert unmet_quotes(claim, "Moves 0\nComputer's turn") == ["Your turn"]


SUMMARY = """<!doctype html><style>.row{display:flex;justify-content:space-between;width:320px}</style>
<div class="sum"><div class="row"><span>Subtotal</span><span>$154.00</span></div>
<div class="row"><span>Shipping</span><span>$6.95</span></div>
<div class="row"><b>Total</b><b>$160.95</b></div></div>
<p>Pairs <b>1</b> / 8</p><p>Order total: $154.00</p>"""
STACKED = """<!doctype html><div><div>Total</div><div style="font-size:28px">$154.00</div></div>
<div><span>Delivery</span> <span>Free</span></div>"""
SAID = "The subtotal becomes $154.00, shipping reads Free and the total is $154.00."


@pytest.mark.browser
def test_a_value_the_assertion_gives_a_label_is_read_beside_that_label(judge):
    boxes = probed(judge, SUMMARY)[-1]
    # $154.00 is on the page (the subtotal, a line below), but not beside "Total" or "Shipping".
    assert mislabelled(SAID, boxes, 1280) == ["shipping Free", "total $154.00"]
    assert mislabelled("The total is $160.95 and Pairs reads 1 / 8.", boxes, 1280) == []
    assert mislabelled("Pairs reads 2 / 8.", boxes, 1280) == ["Pairs 2 / 8"]


@pytest.mark.browser
def test_a_label_reworded_or_with_nothing_beside_it_decides_nothing(judge):
    boxes = probed(judge, STACKED)[-1]
    assert mislabelled(SAID, boxes, 1280) == []
    assert mislabelled("Its line reads $9.00 and the counter is 4.", probed(judge, SUMMARY)[-1], 1280) == []


def test_the_label_of_a_value_is_the_whole_subject_of_its_clause():
    assert labelled_values("The bottle's quantity goes from 1 to 2, the total now reads $127.95 and Pairs still "
                           "reads 1 / 8.") == [("bottle's quantity", "2"), ("total", "$127.95"), ("Pairs", "1 / 8")]
    assert labelled_values("It reads 4 and this shows Free.") == []
    # A folder or a tab is labelled by the words before it; a count is not what its label reads beside.
    assert labelled_values("The Archive folder shows 1 and the adult count shows 2.") == [("Archive", "1"),
                                                                                          ("adult count", "2")]


def test_a_value_that_names_a_control_changing_look_need_not_be_brought():
    said = "16:40 goes back to a white outline and the heading changes to Hall 4 · 20:00 · 56 seats left."
    assert numbers_not_brought(said, "Hall 4 · 20:00 · 56 seats left", "16:40 Hall 4 · 16:40", "16:40 20:00") == []
    # What the heading changes to is a text: its numbers are checked with it.
    assert numbers_not_brought(said, "Hall 4 · 16:40 · 61 seats left", "16:40", "16:40") == []
    assert unmet_quotes(said, "16:40 Hall 4 · 16:40 · 61 seats left") == ["Hall 4 · 20:00 · 56 seats left"]


FOLDERS = """<!doctype html><style>li{display:flex;justify-content:space-between;width:200px;margin:6px 0}</style>
<ul><li><span>Inbox</span><b>2</b></li><li><span>Flagged</span><b>1</b></li><li><span>Archive</span></li>
<li><span>Trash</span><b>2</b></li></ul>"""
ARCHIVED = FOLDERS.replace("<span>Archive</span>", "<span>Archive</span><b>1</b>").replace(
    "<span>Trash</span><b>2</b>", "<span>Trash</span><b>1</b>")


@pytest.mark.browser
def test_a_folder_with_no_count_where_the_others_show_counts_shows_none(judge):
    claim = "The row disappears, Archive shows 1 and Inbox drops to 2."
    # The message went to Trash: Archive reads nothing beside it while the folders around it read counts.
    assert mislabelled(claim, probed(judge, FOLDERS)[-1], 1280) == ["Archive 1"]
    assert mislabelled(claim, probed(judge, ARCHIVED)[-1], 1280) == []


def test_an_action_meant_to_do_nothing_must_leave_the_page_saying_what_it_said():
    still, lit = Change(dom=False, url=False, scroll=False, pixels=False), Change(dom=False, url=False, scroll=False, pixels=True)
    over = "Nothing changes: the game is over, the second column stays empty and the counter still shows 7."
    assert observed(over, still, "You win! Moves 7", "You win! Moves 7")
    assert observed(over, lit, "You win! Moves 7", "You win! Moves 7")      # the arrow lit under the pointer
    assert not observed(over, lit, "You win! Moves 7", "You win! Moves 8")
    assert not observed("The counter shows 8.", still, "Moves 7", "Moves 7")
    assert observed("The counter shows 8.", lit, "Moves 7", "Moves 8")


STATS = """<!doctype html><style>.s{display:flex;gap:80px}</style><div class="s"><div><small>Moves</small><div>4</div></div>
<div><small>Score</small><div>You 1 – 0 Computer</div></div></div>"""


@pytest.mark.browser
def test_a_value_stacked_under_its_label_is_no_label_listed_with_it(judge):
    assert mislabelled("Moves shows 4.", probed(judge, STATS)[-1], 1280) == []


TICKETS = """<!doctype html><style>li{display:flex;gap:40px;width:420px;margin:6px 0}</style><ul>
<li><span>Adult</span><span>$12.50</span><button>−</button><b>1</b><button>+</button></li>
<li><span>Child</span><b>0</b></li></ul>"""


@pytest.mark.browser
def test_a_label_with_other_texts_beside_it_is_not_read_as_showing_nothing(judge):
    assert mislabelled("Adult goes from 0 to 1.", probed(judge, TICKETS)[-1], 1280) == []


def test_a_text_something_becomes_is_read_with_its_numbers_in_order():
    claim = "The indicator changes to You win! in green and the score becomes You 1 – 0 Computer."
    assert unmet_quotes(claim, "You win! Moves 7 You 1 – 0 Computer") == []
    assert unmet_quotes(claim, "Computer wins Moves 8 You 0 – 1 Computer") == ["You win", "You 1 – 0 Computer"]


def _png(image):
    import cv2

    return cv2.imencode(".png", image)[1].tobytes()


def test_words_read_again_over_pixels_the_action_left_alone_are_no_change():
    import numpy as np

    from judging.engine.assertions import Seen, changed_lines, text_direction

    before = np.full((200, 400, 3), 30, np.uint8)
    after = before.copy()
    after[150:190, 200:380] = 255          # a tray opens at the bottom right; the line at the top is untouched
    # OCR read the grey line at the top differently the second time, and the tray's one word.
    was = Seen(_png(before), None, "Release ntes draft", (("Release ntes draft", (10, 10, 200, 30)),))
    now = Seen(_png(after), None, "Release notes draft Rocket",
               (("Release notes draft", (10, 11, 200, 31)), ("Rocket", (210, 160, 260, 180))))
    assert changed_lines(was, now) == ("", "Rocket")
    # Against a checkpoint that reads "notes" and shows no tray, the words alone would say it went toward it.
    assert text_direction("Release notes draft", was.text, now.text)[0] is True
    assert text_direction("Release notes draft", *changed_lines(was, now))[0] is None


def test_words_read_again_over_texts_the_page_kept_in_place_are_no_change():
    import numpy as np

    from judging.engine.assertions import Seen, changed_lines, text_direction

    before = np.full((200, 400, 3), 255, np.uint8)
    after = before.copy()
    after[20:80, 10:300] = (255, 235, 215)      # the chosen card fills pale blue; its texts stay
    card = [["Hillcrest Branch", 20, 30, 160, 48], ["88 Hill Lane", 20, 52, 120, 66]]
    was = Seen(_png(before), None, "Hillcrest Branch 88 Hill Lane",
               (("Hillcrest Branch", (20, 30, 160, 48)), ("88 Hill Lane", (20, 52, 120, 66))))
    now = Seen(_png(after), None, "Hillerest Branch", (("Hillerest Branch", (20, 30, 160, 48)),))
    assert changed_lines(was, now, card, card) == ("", "")
    assert text_direction("Hillcrest Branch 88 Hill Lane Confirm", *changed_lines(was, now, card, card))[0] is None
    # Where the page's texts changed there, what OCR read is the change.
    renamed = [["Hillcrest Library", 20, 30, 160, 48], card[1]]
    assert changed_lines(was, now, card, renamed) == ("Hillcrest Branch", "Hillerest Branch")


def test_a_radio_ring_read_as_a_letter_brings_no_line_with_it():
    import numpy as np

    from judging.engine.assertions import Seen, changed_lines, text_direction

    before = np.full((200, 400, 3), 255, np.uint8)
    after = before.copy()
    after[32:56, 4:28] = (220, 90, 40)          # the radio is filled; the branch's texts beside it stay
    card = [["Hillcrest Branch", 31, 30, 160, 48], ["88 Hill Lane", 31, 50, 120, 64]]
    was = Seen(_png(before), None, "o Hillcrest Branch 88 Hill Lane",
               (("o", (4, 32, 30, 56)), ("Hillcrest Branch", (30, 28, 162, 50)), ("88 Hill Lane", (30, 48, 122, 66))))
    # OCR now reads the ring as nothing and the name worse, in a box that reaches over the ring's edge.
    now = Seen(_png(after), None, "Hillerest Branch", (("Hillerest Branch", (26, 24, 170, 58)),))
    assert changed_lines(was, now, card, card) == ("o", "")
    assert text_direction("Hillcrest Branch 88 Hill Lane Confirm", *changed_lines(was, now, card, card))[0] is None


def test_an_emoji_said_to_appear_must_be_written_on_the_page():
    from judging.engine.assertions import unshown_emoji

    said = "The tray closes and a reaction chip 🚀 1 appears under the message. Maya's 👍 2 and 🔥 1 are unchanged."
    assert unshown_emoji(said, "Maya 👍 2 🔥 1 🎉 1") == ["🚀"]          # the party popper added instead
    assert unshown_emoji(said, "Maya 👍\ufe0f 2 🔥 1 🚀 1") == []
    assert unshown_emoji("The 🚀 chip is removed and 👍 2 stays.", "👍 2") == []


def test_a_line_read_at_the_same_place_as_a_changed_one_is_that_line():
    import numpy as np

    from judging.engine.assertions import Seen, changed_lines

    before = np.full((100, 400, 3), 255, np.uint8)
    after = before.copy()
    after[40:56, 10:26] = (200, 90, 30)        # the checkbox beside the label is ticked
    # Read before with the checkbox inside the label's box, after without it.
    was = Seen(_png(before), None, "I have checked", (("I have checked", (8, 38, 200, 58)),))
    now = Seen(_png(after), None, "Ihave checked", (("Ihave checked", (30, 38, 200, 58)),))
    assert changed_lines(was, now) == ("I have checked", "Ihave checked")


def test_a_sentence_read_with_a_ticked_box_on_one_side_counts_on_both_though_the_page_kept_it():
    import numpy as np

    from judging.engine.assertions import Seen, changed_lines, text_direction

    before = np.full((100, 400, 3), 255, np.uint8)
    after = before.copy()
    after[40:56, 10:26] = (200, 90, 30)        # the checkbox turns blue with a tick; its sentence stays
    sentence = [["I have checked the details", 30, 40, 200, 56]]
    was = Seen(_png(before), None, "0 I have checked the details", (("0 I have checked the details", (8, 38, 200, 58)),))
    now = Seen(_png(after), None, "< I have checked the details",
               (("<", (8, 38, 28, 58)), ("I have checked the details", (30, 38, 200, 58))))
    read = changed_lines(was, now, sentence, sentence)
    assert read == ("0 I have checked the details", "< I have checked the details")
    assert text_direction("< I have checked the details Send", *read)[1]["words_away"] == 0   # no word vanished


def test_a_step_that_changes_no_word_is_judged_where_the_page_changed():
    # A video page: the control bar's pause sign turns back into a play triangle. The rebuild's page
    # around it is laid out otherwise, so the whole screenshots' likeness cannot tell.
    import cv2
    import numpy as np

    from judging.engine.assertions import looks_toward
    from judging.engine.similarity import make_similarity

    def page(icon, title_at):
        image = np.full((800, 1280, 3), 245, np.uint8)
        cv2.rectangle(image, (80, 60), (1200, 620), (30, 30, 30), -1)
        cv2.putText(image, "Building a Cedar Strip Canoe", (80, title_at), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (20, 20, 20), 2)
        cv2.rectangle(image, (80, 640), (1200, 690), (60, 60, 60), -1)
        if icon == "play":
            cv2.fillPoly(image, [np.array([(100, 650), (100, 680), (126, 665)])], (255, 255, 255))
        elif icon == "pause":
            cv2.rectangle(image, (100, 650), (108, 680), (255, 255, 255), -1)
            cv2.rectangle(image, (116, 650), (124, 680), (255, 255, 255), -1)
        else:
            cv2.rectangle(image, (100, 650), (124, 680), (255, 255, 255), -1)
        return cv2.imencode(".png", image)[1].tobytes()

    similarity = make_similarity()
    checkpoint, playing = page("play", 740), page("pause", 760)
    toward, detail = looks_toward(similarity, checkpoint, playing, page("play", 760), lambda: None)
    assert toward is True and detail["changed_region"][1] >= 640
    assert json.loads(json.dumps(detail)) == detail       # a result's detail is stored as JSON
    assert looks_toward(similarity, checkpoint, playing, page("stop", 760), lambda: None)[0] is False
    assert looks_toward(similarity, checkpoint, playing, playing, lambda: "whole")[0] == "whole"


def test_words_inside_a_quote_are_what_the_page_reads_not_what_happens():
    from judging.engine.assertions import quoted_claims

    cleared = quoted_claims("The move counter goes to '002' and the grey status line changes to '22 of 54 safe cells cleared'.")
    assert [(c.text, c.should) for c in cleared] == [("002", True), ("22 of 54 safe cells cleared", True)]
    assert not quoted_claims("A banner 'Still loading' appears")[0].stays
    assert [c.should for c in quoted_claims("The 'Draft cleared' note is removed")] == [False]


def test_a_quote_that_ends_its_sentence_ends_its_clause():
    from judging.engine.assertions import quoted_claims

    said = ("A small green line appears under it: '£812.38 a month is 26% of your monthly income before tax.' "
            "The red problem box above the fields disappears.")
    assert [(c.text, c.should) for c in quoted_claims(said)] == [
        ("£812.38 a month is 26% of your monthly income before tax.", True)]


def test_a_word_is_counted_on_the_whole_screen_as_the_checkpoint_counts_it():
    # A method step folds away; the ingredient list beside it, which the action left alone, keeps its words.
    listed = "Ingredients 2 of 8 ready the potatoes the olive oil the lemons the garlic"
    folded = "Toss the potatoes with the olive oil, the lemons and the garlic"
    checkpoint = listed + " Roast the potatoes"
    before, after = folded + " Roast the potatoes", "Roast the potatoes"
    assert text_direction(checkpoint, before, after)[0] is False        # the "the"s seem to leave the checkpoint's count
    assert text_direction(checkpoint, before, after, whole=listed + " " + before)[0] is True


def test_a_label_of_what_only_changes_look_may_be_worded_by_the_rebuild():
    from judging.engine.assertions import unmet_quotes, unmet_with_checkpoint

    # The page never said 'Post review' (its button reads "Post"): the action changed the button's look.
    turned = "The counter reads 38 / 280 and the 'Post review' button turns from dark grey to orange."
    assert unmet_quotes(turned, "Post 38 / 280", was_text="Post 0 / 280") == []
    assert unmet_with_checkpoint(turned, "Post review 38 / 280", "Post 38 / 280", "Post 38 / 280", "Post 38 / 280",
                                 was_text="Post 0 / 280") == []
    # A label of what comes, or that a text tells of, is what shows it came.
    assert unmet_quotes("A dark grey 'Post review' button appears.", "Thanks! You gave it 4 out of 5. Post",
                        was_text="212 people have rated this recipe.") == ["Post review"]
    told = "The answer below the question expands and explains the 'Forgot password' link."
    assert unmet_quotes(told, "Change your email in Settings, Account.", was_text="How do I reset my password?") == \
        ["Forgot password"]


def test_a_label_of_what_a_scroll_brings_into_view_may_be_worded_by_the_rebuild():
    from judging.engine.assertions import unmet_quotes, unmet_with_checkpoint

    came = "The comparison table sits in the middle, and below it the 'Ready to apply?' card comes into view."
    page = "Compare loan types Apply for this loan Full name"
    assert unmet_quotes(came, page, was_text="Compare loan types Apply for this loan", scroll=True) == []
    assert unmet_with_checkpoint(came, "Ready to apply?", page, page, page, was_text="Apply for this loan",
                                 scroll=True) == []
    # A click that brings it is the page's behaviour: the label is what shows the right card came.
    assert unmet_quotes(came, page, was_text="Compare loan types Apply for this loan") == ["Ready to apply?"]
    # A message is no label: a scroll shows it as the page words it.
    assert unmet_quotes("The line 'Rates fixed for 48 months' comes into view.", page, was_text=page, scroll=True) \
        == ["Rates fixed for 48 months"]


def test_labels_of_controls_that_came_with_the_steps_message_may_be_worded_by_the_rebuild():
    from judging.engine.assertions import unmet_quotes

    rated = ("Gold text 'Thanks! You gave it 4 out of 5.' appears under the stars, and a text box appears, "
             "labelled 'Tell other cooks how it went (optional)', with a 'Post review' button under it.")
    before = "212 people have rated this recipe."
    assert unmet_quotes(rated, "Thanks! You gave it 4 out of 5. Leave a short review (optional) Post",
                        was_text=before) == []
    # The message did not come: the labels are all that is left to show what came, and they did not either.
    assert unmet_quotes(rated, "Leave a short review (optional) Post", was_text=before) == \
        ["Thanks! You gave it 4 out of 5.", "Tell other cooks how it went (optional)", "Post review"]


def test_a_label_of_what_only_moves_may_be_worded_by_the_rebuild():
    from judging.engine.assertions import unmet_quotes

    moved = "Everything below moves up, so the 'Made it?' card with the stars sits in the lower part of the screen."
    assert unmet_quotes(moved, "Cooked this? 212 people have rated this recipe.",
                        was_text="Cooked this? 212 people have rated this recipe.") == []


def test_a_subject_with_no_verb_of_its_own_shares_the_next_clauses():
    from judging.engine.assertions import quoted_claims

    stayed = "The 'Ready to apply?' heading and the comparison table above stay as they were."
    assert [(c.text, c.stays) for c in quoted_claims(stayed)] == [("Ready to apply?", True)]
    went = "The 'Apply' link and the search box disappear."
    assert [(c.text, c.should) for c in quoted_claims(went)] == [("Apply", False)]
    # A clause with its own verb keeps what it says.
    own = "The 'Save' button turns green and the two fields disappear."
    assert [(c.text, c.should) for c in quoted_claims(own)] == [("Save", True)]
    cleared = "Its red border and the 'Enter your full name' message disappear, and the box now says 'There are 2 problems'."
    assert [(c.text, c.should) for c in quoted_claims(cleared)] == [("Enter your full name", False),
                                                                   ("There are 2 problems", True)]


def test_a_label_that_says_where_something_is_is_no_text_the_step_is_about():
    from judging.engine.assertions import quoted_claims

    said = "The heart in the top bar, just left of the 'Book a shoot' button, is filled red with 'Liked' under it."
    assert [c.text for c in quoted_claims(said)] == ["Liked"]
    assert [c.text for c in quoted_claims("A 'Book a shoot' button appears.")] == ["Book a shoot"]
    badge = "A small red badge with the number 1 appears on the heart next to 'Saved homes' in the top header."
    assert quoted_claims(badge) == []


def test_the_label_the_step_quotes_is_read_as_the_element_it_acted_on_reads():
    from judging.engine.assertions import as_acted

    said = "'City' becomes a filled cream pill while 'All' goes back to an outline."
    assert as_acted(said, "Click 'City' in the row of filter buttons", "Cities") == \
        "'Cities' becomes a filled cream pill while 'All' goes back to an outline."
    assert as_acted(said, "Click 'City' in the row of filter buttons", "City") == said
    # Another word altogether is another element, not the same one worded otherwise.
    assert as_acted("'Save' turns green.", "Click 'Save'", "Submit") == "'Save' turns green."


def test_a_number_on_what_goes_away_is_not_asked_for():
    from judging.engine.assertions import named_numbers

    said = "The unread bubble showing 12 disappears and the counter under Inbox changes from '14 unread' to '2 unread'."
    assert "12" not in named_numbers(said)
    # A number after the word of leaving is what the action brings.
    assert named_numbers("Deleting the row brings the total to 2,030.") == {"2030"}
    # A number masked leaves the page as surely as one hidden.
    assert "84216.4" not in named_numbers("The net worth amount $84,216.40 is masked as '$••••••' and the eye icon gets a slash.")


def test_what_belongs_to_someone_is_no_text_the_page_reads():
    from judging.engine.assertions import quoted_claims

    assert quoted_claims("The table shows April's six categories, still sorted by budget.") == []
    assert [c.text for c in quoted_claims("The bar shows Glass Towers by Mira Vale.")] == ["Glass Towers by Mira Vale"]


def test_typed_words_said_to_be_gone_need_not_be_shown():
    from judging.engine.assertions import missing_typed

    said = "The table shows April's categories, Gym is gone and the note reads 'No changes yet'."
    assert missing_typed(said, "Gym 60", None, "Rent $1,200 No changes yet") == []
    assert missing_typed("The new row is named Gym.", "Gym 60", None, "Rent $1,200") == ["gym"]


def test_what_a_text_is_about_does_not_happen():
    from judging.engine.assertions import quoted_claims

    said = "The danger zone has a 'Delete this workspace' row with small grey text about removing all 14 projects."
    assert [(c.text, c.should) for c in quoted_claims(said)] == [("Delete this workspace", True)]
    assert [(c.text, c.should) for c in quoted_claims("The 'Invoice' row is removed.")] == [("Invoice", False)]
