# Italian and English strings for the page (MicroPython-compatible: plain
# dicts and str.format, nothing else). The language comes from the browser
# unless the player picked one; t(key, **values) formats a string.

LANGS = ("en", "it")

STRINGS = {
    "en": {
        "app.title": "Scopa",
        "app.tagline": "The Italian card game",
        "btn.new": "New match",
        "btn.settings": "Match settings",
        "btn.deck": "Deck style",
        "btn.help": "Help",
        "btn.lang": "IT: Italiano",
        "btn.lang.short": "IT",
        "btn.resign": "Resign",
        "btn.close": "Close",
        "btn.start": "Start the match",
        "btn.cancel": "Cancel",
        "btn.ok": "OK",
        "btn.next_hand": "Next hand",
        "btn.play_again": "New match",
        "btn.see_count": "The count",
        "btn.take": "Take",
        "btn.keep": "Keep the ace",
        "btn.put_down": "Put it down",
        "btn.declare": "Declare (chiamarsi fuori)",
        "btn.reveal": "I am {name}: show my cards",
        "btn.yes_new": "Yes, start a new match",
        "btn.yes_resign": "Yes, resign",
        "btn.menu": "Menu",
        "deck.french": "French",
        "deck.neapolitan": "Neapolitan",
        "deck.piacentine": "Piacentine",
        "deck.now": "Deck: {name}",
        "level.easy": "Easy",
        "level.normal": "Normal",
        "level.hard": "Hard",
        "level.expert": "Expert",
        "preset.scopa": "Scopa, 2 players",
        "preset.scopa-3": "Scopa, 3 players",
        "preset.scopa-4": "Scopa, 4 players in pairs",
        "preset.scopa-6": "Scopa, 6 players in teams",
        "preset.scopone": "Scopone (4 players, 9 cards)",
        "preset.scientifico": "Scopone scientifico (10 cards)",
        "preset.trentino": "Scopone trentino",
        "variant.re-bello": "Re bello (king of coins scores)",
        "variant.napola": "Napola (run of coins)",
        "variant.asso-piglia-tutto": "Asso piglia tutto (ace takes all)",
        "variant.chiamarsi-fuori": "Chiamarsi fuori (declare the win)",
        "variant.cappotto": "Cappotto (all ten coins win)",
        "capture.standard": "Standard captures",
        "capture.scopa-a-15": "Scopa a 15 (also sums to 15)",
        "capture.quindici": "Scopa di quindici (only sums to 15)",
        "set.title": "New match",
        "set.game": "Game",
        "set.target": "Points to win",
        "set.level": "Computer level",
        "set.target_down": "One point fewer",
        "set.target_up": "One point more",
        "set.capture": "Capturing",
        "set.variants": "Variants",
        "set.seats": "Seats",
        "set.seat": "Seat {n}",
        "set.person": "Person",
        "set.computer": "Computer",
        "set.name": "Name",
        "set.hotseat_hint": "Mark two or more seats as people to play hot-seat on this device.",
        "set.no_chiamarsi": "Chiamarsi fuori needs two sides (not 3 players).",
        "confirm.new": "A match is in progress. Abandon it and start a new one?",
        "confirm.resign": "Resign this match? The other side wins.",
        "seat.you": "You",
        "seat.computer": "Computer",
        "seat.computer_n": "Computer {n}",
        "seat.partner": "Partner",
        "seat.player_n": "Player {n}",
        "side.us": "Us",
        "side.them": "Them",
        "side.team": "Team {names}",
        "status.loading": "Shuffling the cards…",
        "status.engine": "Starting the engine…",
        "status.your_turn": "Your turn: tap a card to play it.",
        "status.turn_of": "{name} to play",
        "status.thinking": "{name} is thinking…",
        "status.choose": "{card}: tap the table cards to take.",
        "status.choose_keep": "{card}: keep it, or tap what it takes.",
        "status.choose_plain": "{card}: choose what to do.",
        "status.queued": "Your move is ready; waiting for the engine…",
        "status.hand_over": "Hand {n} is over.",
        "status.match_over": "The match is over.",
        "status.pass": "Pass the device to {name}.",
        "status.not_your_turn": "Wait: it is {name}'s turn.",
        "status.no_match": "Start a new match.",
        "status.error": "Something went wrong: {error}",
        "pass.title": "Pass the device",
        "pass.body": "Hand the device to {name}. The cards stay hidden until they are ready.",
        "zone.hand": "Your hand",
        "zone.hand_of": "Hand of {name}",
        "zone.table": "Table",
        "zone.table_empty": "The table is empty",
        "zone.deck": "Deck: {n} cards left",
        "zone.deck_short": "{n} left",
        "zone.pile": "Pile of {name}: {n} cards, {s} scope",
        "zone.opponent": "{name}: {n} cards in hand",
        "zone.cards": "{n} cards",
        "zone.dealer": "Dealer",
        "zone.hand_no": "Hand {n}",
        "zone.scope": "{n} scope",
        "zone.scopa_one": "1 scopa",
        "score.label": "Score",
        "score.target": "to {n}",
        "score.aria": "{name} {n} points",
        "last.played": "played {card}",
        "last.took": "{card} took {cards}",
        "last.kept": "kept {card}",
        "last.declared": "called out",
        "say.played": "{name} played {card}.",
        "say.took": "{name} played {card} and took {cards}.",
        "say.kept": "{name} kept {card}.",
        "say.declared": "{name} declared: chiamarsi fuori.",
        "say.scopa": "Scopa!",
        "say.leftover": "The last cards on the table go to {name}.",
        "say.dealt": "New cards dealt.",
        "say.hand_dealt": "Hand {n}. {name} deals.",
        "scopa": "Scopa!",
        "and": "and",
        "count.title": "The count, hand {n}",
        "count.cards": "Cards",
        "count.coins": "Coins",
        "count.settebello": "Settebello",
        "count.re_bello": "Re bello",
        "count.primiera": "Primiera",
        "count.scope": "Scope",
        "count.napola": "Napola",
        "count.points": "Points this hand",
        "count.total": "Match total",
        "count.declared": "{name} called out: the hand was counted as it stood.",
        "count.leftover": "Cards left on the table went to {name}.",
        "count.cappotto": "Cappotto: {name} took all ten coins!",
        "count.none": "–",
        "count.point": "+1",
        "count.primiera_none": "no primiera",
        "result.you_win": "You win the match!",
        "result.you_lose": "You lose the match.",
        "result.side_wins": "{name} win the match!",
        "result.side_wins_one": "{name} wins the match!",
        "result.resigned": "{name} resigned.",
        "result.final": "Final score {score}",
        "help.title": "Help",
        "help.loading": "Loading the help…",
        "help.failed": "The help could not be loaded.",
        "reason.single_first": (
            "{card} cannot take {take}: {singles} on the table must be taken first"
            " (a single card comes before a sum)."
        ),
        "reason.no_sum": "{card} cannot take {take}: it can take {options}.",
        "reason.ace": "{card} takes {options}.",
        "reason.or": " or ",
        "problem.another": " or another",
        # saved data, export/import, statistics, updates (saves.py, updates.py)
        "saved.title": "Your saved data could not be read",
        "saved.lead.game": "The match saved on this device cannot be continued.",
        "saved.lead.stats": "The statistics saved on this device could not be read.",
        "saved.lead.prefs": "The preferences saved on this device could not be read.",
        "saved.lead.data": "Some data saved on this device could not be read.",
        "saved.why.corrupt": "The data is damaged ({detail}).",
        "saved.why.version": "It was saved in a format this version cannot read ({detail}).",
        "saved.why.engine": "The rules engine refused it: {detail}",
        "saved.kept": (
            "Nothing has been deleted: the data stays on this device, under Your games,"
            " until you discard it. Download it to keep a copy."
        ),
        "saved.stuck": (
            "There is no room to set it aside, so nothing new is saved"
            " until you download and discard it (Your games)."
        ),
        "saved.what.game": "A saved match",
        "saved.what.stats": "Statistics",
        "saved.what.prefs": "Preferences",
        "saved.what.data": "Saved data",
        "btn.download_data": "Download the data",
        "btn.start_afresh": "Start afresh",
        "btn.discard": "Discard",
        "confirm.discard": "Delete this unreadable data from the device for good?",
        "btn.yes_discard": "Yes, delete it",
        "btn.games": "Your games and statistics",
        "games.title": "Your games",
        "games.export_text": (
            "Save this match as a record file, to keep it or to continue it elsewhere."
        ),
        "btn.export": "Export this match",
        "games.exported": "The match was saved as a file.",
        "games.nothing": "There is no match to export yet.",
        "games.import_text": (
            "Open a record file: an unfinished match continues here,"
            " a finished one shows its final count."
        ),
        "btn.import": "Import a match file",
        "games.import_bad": "This file cannot be imported: {error}",
        "games.where_move": "(hand {hand}, move {move})",
        "games.where_hand": "(hand {hand})",
        "games.imported": "Match imported.",
        "games.unreadable_file": "The file could not be read.",
        "confirm.import": (
            "A match is in progress. Replace it with the imported one?"
            " (Export it first to keep it.)"
        ),
        "btn.yes_import": "Yes, import it",
        "games.stats_text": "Matches and hands won and lost on this device.",
        "games.unreadable": "Unreadable saved data",
        "btn.stats": "Statistics",
        "stats.title": "Statistics",
        "stats.empty": (
            "No hand has been counted yet: your matches against the computer count here."
        ),
        "stats.all": "All games",
        "stats.matches_won": "Matches won",
        "stats.matches_lost": "Matches lost",
        "stats.hands_won": "Hands won",
        "stats.hands_drawn": "Hands drawn",
        "stats.hands_lost": "Hands lost",
        "stats.scope": "Scope made",
        "stats.average": "Points per hand",
        "stats.note": (
            "Kept on this device only. Matches between two or more people are not counted."
        ),
        "btn.reset_stats": "Reset the statistics",
        "confirm.reset_stats": "Reset all statistics to zero? This cannot be undone.",
        "btn.yes_reset": "Yes, reset them",
        "level.mixed": "Mixed levels",
        "level.none": "No computer",
        "update.ready": "A new version is ready.",
        "update.ready_hand": "A new version is ready: it updates at the end of the hand.",
        "update.pending": "The new version will be installed at the end of this hand.",
        "update.reloading": "Installing the new version…",
        "btn.reload": "Reload",
        "btn.update_at_end": "OK",
        "btn.later": "Later",
        "rank.A": "Ace",
        "rank.J": "Jack",
        "rank.Q.fr": "Queen",
        "rank.Q.it": "Knight",
        "rank.K": "King",
        "suit.fr.D": "diamonds",
        "suit.fr.H": "hearts",
        "suit.fr.S": "spades",
        "suit.fr.C": "clubs",
        "suit.it.D": "coins",
        "suit.it.H": "cups",
        "suit.it.S": "swords",
        "suit.it.C": "batons",
        "card.of": "{rank} of {suit}",
        "card.back": "a face-down card",
    },
    "it": {
        "app.title": "Scopa",
        "app.tagline": "Il gioco di carte italiano",
        "btn.new": "Nuova partita",
        "btn.settings": "Impostazioni della partita",
        "btn.deck": "Tipo di carte",
        "btn.help": "Aiuto",
        "btn.lang": "EN: English",
        "btn.lang.short": "EN",
        "btn.resign": "Abbandona",
        "btn.close": "Chiudi",
        "btn.start": "Inizia la partita",
        "btn.cancel": "Annulla",
        "btn.ok": "OK",
        "btn.next_hand": "Prossima smazzata",
        "btn.play_again": "Nuova partita",
        "btn.see_count": "Il conteggio",
        "btn.take": "Prendi",
        "btn.keep": "Tieni l'asso",
        "btn.put_down": "Mettila in tavola",
        "btn.declare": "Chiamarsi fuori",
        "btn.reveal": "Sono {name}: mostra le mie carte",
        "btn.yes_new": "Sì, nuova partita",
        "btn.yes_resign": "Sì, abbandono",
        "btn.menu": "Menu",
        "deck.french": "Francesi",
        "deck.neapolitan": "Napoletane",
        "deck.piacentine": "Piacentine",
        "deck.now": "Carte: {name}",
        "level.easy": "Facile",
        "level.normal": "Normale",
        "level.hard": "Difficile",
        "level.expert": "Esperto",
        "preset.scopa": "Scopa a 2 giocatori",
        "preset.scopa-3": "Scopa a 3 giocatori",
        "preset.scopa-4": "Scopa a 4, in coppia",
        "preset.scopa-6": "Scopa a 6, a squadre",
        "preset.scopone": "Scopone (4 giocatori, 9 carte)",
        "preset.scientifico": "Scopone scientifico (10 carte)",
        "preset.trentino": "Scopone trentino",
        "variant.re-bello": "Re bello (il re di denari vale un punto)",
        "variant.napola": "Napola (scala di denari)",
        "variant.asso-piglia-tutto": "Asso piglia tutto",
        "variant.chiamarsi-fuori": "Chiamarsi fuori",
        "variant.cappotto": "Cappotto (tutti i denari vincono)",
        "capture.standard": "Prese normali",
        "capture.scopa-a-15": "Scopa a 15 (anche somme a 15)",
        "capture.quindici": "Scopa di quindici (solo somme a 15)",
        "set.title": "Nuova partita",
        "set.game": "Gioco",
        "set.target": "Punti per vincere",
        "set.level": "Livello del computer",
        "set.target_down": "Un punto in meno",
        "set.target_up": "Un punto in più",
        "set.capture": "Prese",
        "set.variants": "Varianti",
        "set.seats": "Posti",
        "set.seat": "Posto {n}",
        "set.person": "Persona",
        "set.computer": "Computer",
        "set.name": "Nome",
        "set.hotseat_hint": "Indica due o più persone per giocare a turno su questo dispositivo.",
        "set.no_chiamarsi": "Chiamarsi fuori richiede due parti (non 3 giocatori).",
        "confirm.new": "C'è una partita in corso. Abbandonarla e iniziarne una nuova?",
        "confirm.resign": "Abbandonare la partita? Vince l'altra parte.",
        "seat.you": "Tu",
        "seat.computer": "Computer",
        "seat.computer_n": "Computer {n}",
        "seat.partner": "Compagno",
        "seat.player_n": "Giocatore {n}",
        "side.us": "Noi",
        "side.them": "Loro",
        "side.team": "Squadra {names}",
        "status.loading": "Si mescolano le carte…",
        "status.engine": "Avvio del motore…",
        "status.your_turn": "Tocca a te: scegli una carta da giocare.",
        "status.turn_of": "Tocca a {name}",
        "status.thinking": "{name} sta pensando…",
        "status.choose": "{card}: tocca le carte in tavola da prendere.",
        "status.choose_keep": "{card}: tienilo, oppure tocca cosa prende.",
        "status.choose_plain": "{card}: scegli cosa fare.",
        "status.queued": "La tua mossa è pronta; si aspetta il motore…",
        "status.hand_over": "La smazzata {n} è finita.",
        "status.match_over": "La partita è finita.",
        "status.pass": "Passa il dispositivo a {name}.",
        "status.not_your_turn": "Aspetta: tocca a {name}.",
        "status.no_match": "Inizia una nuova partita.",
        "status.error": "Qualcosa è andato storto: {error}",
        "pass.title": "Passa il dispositivo",
        "pass.body": "Dai il dispositivo a {name}. Le carte restano coperte finché non è pronto.",
        "zone.hand": "Le tue carte",
        "zone.hand_of": "Carte di {name}",
        "zone.table": "Tavola",
        "zone.table_empty": "La tavola è vuota",
        "zone.deck": "Mazzo: restano {n} carte",
        "zone.deck_short": "restano {n}",
        "zone.pile": "Prese di {name}: {n} carte, {s} scope",
        "zone.opponent": "{name}: {n} carte in mano",
        "zone.cards": "{n} carte",
        "zone.dealer": "Mazziere",
        "zone.hand_no": "Smazzata {n}",
        "zone.scope": "{n} scope",
        "zone.scopa_one": "1 scopa",
        "score.label": "Punteggio",
        "score.target": "a {n}",
        "score.aria": "{name} {n} punti",
        "last.played": "ha giocato {card}",
        "last.took": "{card} ha preso {cards}",
        "last.kept": "ha tenuto {card}",
        "last.declared": "si è chiamato fuori",
        "say.played": "{name} ha giocato {card}.",
        "say.took": "{name} ha giocato {card} e ha preso {cards}.",
        "say.kept": "{name} ha tenuto {card}.",
        "say.declared": "{name} si è chiamato fuori.",
        "say.scopa": "Scopa!",
        "say.leftover": "Le ultime carte in tavola vanno a {name}.",
        "say.dealt": "Nuove carte distribuite.",
        "say.hand_dealt": "Smazzata {n}. Distribuisce {name}.",
        "scopa": "Scopa!",
        "and": "e",
        "count.title": "Il conteggio, smazzata {n}",
        "count.cards": "Carte",
        "count.coins": "Denari",
        "count.settebello": "Settebello",
        "count.re_bello": "Re bello",
        "count.primiera": "Primiera",
        "count.scope": "Scope",
        "count.napola": "Napola",
        "count.points": "Punti della smazzata",
        "count.total": "Totale della partita",
        "count.declared": "{name} si è chiamato fuori: la smazzata è contata così com'era.",
        "count.leftover": "Le carte rimaste in tavola sono andate a {name}.",
        "count.cappotto": "Cappotto: {name} ha preso tutti e dieci i denari!",
        "count.none": "–",
        "count.point": "+1",
        "count.primiera_none": "nessuna primiera",
        "result.you_win": "Hai vinto la partita!",
        "result.you_lose": "Hai perso la partita.",
        "result.side_wins": "Vincono {name}!",
        "result.side_wins_one": "Vince {name}!",
        "result.resigned": "{name} ha abbandonato.",
        "result.final": "Punteggio finale {score}",
        "help.title": "Aiuto",
        "help.loading": "Caricamento dell'aiuto…",
        "help.failed": "Non è stato possibile caricare l'aiuto.",
        "reason.single_first": (
            "{card} non può prendere {take}: prima va preso {singles}"
            " (la carta singola viene prima della somma)."
        ),
        "reason.no_sum": "{card} non può prendere {take}: può prendere {options}.",
        "reason.ace": "{card} prende {options}.",
        "reason.or": " oppure ",
        "problem.another": " oppure un'altra",
        # dati salvati, esportazione/importazione, statistiche, aggiornamenti
        "saved.title": "Non è stato possibile leggere i dati salvati",
        "saved.lead.game": "La partita salvata su questo dispositivo non può essere ripresa.",
        "saved.lead.stats": "Le statistiche salvate su questo dispositivo non sono leggibili.",
        "saved.lead.prefs": "Le preferenze salvate su questo dispositivo non sono leggibili.",
        "saved.lead.data": "Alcuni dati salvati su questo dispositivo non sono leggibili.",
        "saved.why.corrupt": "I dati sono danneggiati ({detail}).",
        "saved.why.version": (
            "Sono stati salvati in un formato che questa versione non sa leggere ({detail})."
        ),
        "saved.why.engine": "Il motore delle regole li ha rifiutati: {detail}",
        "saved.kept": (
            "Non è stato cancellato nulla: i dati restano su questo dispositivo, in Le tue"
            " partite, finché non li elimini. Scaricali per conservarne una copia."
        ),
        "saved.stuck": (
            "Non c'è spazio per metterli da parte: non si salva nulla di nuovo"
            " finché non li scarichi ed elimini (Le tue partite)."
        ),
        "saved.what.game": "Una partita salvata",
        "saved.what.stats": "Statistiche",
        "saved.what.prefs": "Preferenze",
        "saved.what.data": "Dati salvati",
        "btn.download_data": "Scarica i dati",
        "btn.start_afresh": "Ricomincia da capo",
        "btn.discard": "Elimina",
        "confirm.discard": "Eliminare per sempre questi dati illeggibili dal dispositivo?",
        "btn.yes_discard": "Sì, eliminali",
        "btn.games": "Le tue partite e statistiche",
        "games.title": "Le tue partite",
        "games.export_text": (
            "Salva questa partita in un file, per conservarla o continuarla altrove."
        ),
        "btn.export": "Esporta questa partita",
        "games.exported": "La partita è stata salvata in un file.",
        "games.nothing": "Non c'è ancora nessuna partita da esportare.",
        "games.import_text": (
            "Apri un file di partita: una partita non finita continua qui,"
            " una finita mostra il conteggio finale."
        ),
        "btn.import": "Importa una partita da file",
        "games.import_bad": "Questo file non può essere importato: {error}",
        "games.where_move": "(smazzata {hand}, mossa {move})",
        "games.where_hand": "(smazzata {hand})",
        "games.imported": "Partita importata.",
        "games.unreadable_file": "Non è stato possibile leggere il file.",
        "confirm.import": (
            "C'è una partita in corso. Sostituirla con quella importata?"
            " (Esportala prima per conservarla.)"
        ),
        "btn.yes_import": "Sì, importala",
        "games.stats_text": "Partite e smazzate vinte e perse su questo dispositivo.",
        "games.unreadable": "Dati salvati illeggibili",
        "btn.stats": "Statistiche",
        "stats.title": "Statistiche",
        "stats.empty": (
            "Nessuna smazzata è stata ancora contata:"
            " qui contano le tue partite contro il computer."
        ),
        "stats.all": "Tutti i giochi",
        "stats.matches_won": "Partite vinte",
        "stats.matches_lost": "Partite perse",
        "stats.hands_won": "Smazzate vinte",
        "stats.hands_drawn": "Smazzate pari",
        "stats.hands_lost": "Smazzate perse",
        "stats.scope": "Scope fatte",
        "stats.average": "Punti per smazzata",
        "stats.note": (
            "Conservate solo su questo dispositivo. Le partite tra due o più persone non contano."
        ),
        "btn.reset_stats": "Azzera le statistiche",
        "confirm.reset_stats": "Azzerare tutte le statistiche? Non si può annullare.",
        "btn.yes_reset": "Sì, azzerale",
        "level.mixed": "Livelli misti",
        "level.none": "Nessun computer",
        "update.ready": "È pronta una nuova versione.",
        "update.ready_hand": "È pronta una nuova versione: si aggiorna a fine smazzata.",
        "update.pending": "La nuova versione verrà installata alla fine di questa smazzata.",
        "update.reloading": "Installazione della nuova versione…",
        "btn.reload": "Ricarica",
        "btn.update_at_end": "OK",
        "btn.later": "Più tardi",
        "rank.A": "Asso",
        "rank.J": "Fante",
        "rank.Q.fr": "Donna",
        "rank.Q.it": "Cavallo",
        "rank.K": "Re",
        "suit.fr.D": "quadri",
        "suit.fr.H": "cuori",
        "suit.fr.S": "picche",
        "suit.fr.C": "fiori",
        "suit.it.D": "denari",
        "suit.it.H": "coppe",
        "suit.it.S": "spade",
        "suit.it.C": "bastoni",
        "card.of": "{rank} di {suit}",
        "card.back": "una carta coperta",
    },
}

# The engine's sentences in Italian, by code (scopa_core/problems.py and
# SessionProblem in web/worker/session.py hold the English; a test checks that
# every code is here with the same parameters).  Parameters named card, cards,
# take, singles and options are card codes the page names in its own words;
# a parameter that is itself a problem is said first, then put in its place.
PROBLEMS = {
    "it": {
        "card.bad_index": "nessuna carta ha l'indice {index}",
        "card.bad_text": "{text} non è una carta: una carta è un valore e un seme, come 7D",
        "card.bad_letters": (
            "{text} non è una carta: i valori sono A 2 3 4 5 6 7 J Q K e i semi D H S C"
        ),
        "move.not_object": "una mossa deve essere un oggetto JSON",
        "move.declare_not_bool": '"declare" deve essere true o false',
        "move.declare_with_card": "chi si chiama fuori non gioca anche una carta",
        "move.no_card": 'una mossa richiede una "card" (oppure "declare": true)',
        "move.keep_not_bool": '"keep" deve essere true o false',
        "move.no_take": ('alla mossa con {card} manca la lista "take" (vuota se non prende nulla)'),
        "move.take_not_list": '"take" deve essere una lista di carte',
        "move.take_twice": "{card} compare due volte tra le carte prese",
        "move.keep_takes": "un asso tenuto non prende nulla dalla tavola",
        "move.takes_itself": "una carta non può prendere se stessa ({card})",
        "rules.not_object": "le regole devono essere un oggetto JSON",
        "rules.unknown_key": "chiave delle regole sconosciuta: {key}",
        "rules.not_bool": "la chiave {key} delle regole deve essere true o false, non {value}",
        "rules.not_int": "la chiave {key} delle regole deve essere un numero intero, non {value}",
        "rules.not_str": "la chiave {key} delle regole deve essere un testo, non {value}",
        "rules.no_preset": "nessun gioco si chiama {name}; i giochi sono {known}",
        "rules.no_variant": "nessuna variante si chiama {name}; le varianti sono {known}",
        "rules.players": "i giocatori devono essere 2, 3, 4 o 6, non {value}",
        "rules.hand_size": "hand_size (carte in mano) deve essere 3, 9 o 10, non {value}",
        "rules.table_cards": "table_cards (carte in tavola) deve essere 4 o 0, non {value}",
        "rules.target": "target (punti per vincere) deve andare da 1 a 99, non {value}",
        "rules.capture": (
            'capture deve essere "standard", "fifteen" o "standard+fifteen", non "{value}"'
        ),
        "rules.scopone_players": (
            "hand_size {hand_size} (scopone) richiede 4 giocatori, non {players}"
        ),
        "rules.scopone_table": (
            "hand_size {hand_size} richiede table_cards {needed}, non {table_cards}"
        ),
        "rules.declare_sides": (
            "chiamarsi fuori richiede due squadre, e {players} giocatori ne fanno tre"
        ),
        "deck.size": "il mazzo ha {count} carte, non 40",
        "deck.not_index": "{item} non è l'indice di una carta",
        "deck.twice": "{card} compare due volte nel mazzo",
        "deck.thrown_in": "questo mazzo andrebbe ridistribuito: {reason}",
        "layout.kings": "in tavola ci sono {count} re ({cards})",
        "layout.ace": "in tavola c'è un asso ({cards})",
        "match.over": "la partita è finita",
        "match.hand_unfinished": "la smazzata in corso non è finita",
        "match.no_hand": "non si sta giocando nessuna smazzata",
        "match.not_dealt": "non è ancora stata distribuita nessuna smazzata",
        "hand.over": "la smazzata è già finita",
        "hand.declare_plays": "chi si chiama fuori non gioca carte e non prende nulla",
        "hand.declare_not_allowed": "con queste regole non ci si può chiamare fuori",
        "hand.not_a_move": "{move} non è una mossa",
        "hand.not_in_hand": "{card} non è in mano al posto {seat}, che è di turno",
        "hand.keep_not_allowed": ("tenere un asso richiede asso piglia tutto con ace_may_keep"),
        "hand.keep_not_ace": "si può tenere solo un asso, non {card}",
        "hand.keep_takes": "un asso tenuto non prende nulla dalla tavola, neanche {cards}",
        "capture.missing_one": "{cards} non è in tavola",
        "capture.missing_many": "{cards} non sono in tavola",
        "capture.nothing": "{card} non può prendere nulla da questa tavola: si posa in tavola",
        "capture.must_take": "{card} deve prendere: può prendere {options}",
        "capture.ace_first": "{card} prende prima un asso dalla tavola: {options}",
        "capture.ace_all": "{card} prende tutta la tavola ({cards})",
        "capture.single_first": (
            "{card} non può prendere {take}: prima va preso {singles}"
            " (la carta singola viene prima della somma)"
        ),
        "capture.bad_sum": (
            "{card} non può prendere {take}: la somma fa {total}, non {value};"
            " può prendere {options}"
        ),
        "capture.bad_sum_fifteen": (
            "{card} non può prendere {take}: la somma fa {total}, non {fifteen}"
            " (per fare 15); può prendere {options}"
        ),
        "capture.bad_sum_either": (
            "{card} non può prendere {take}: la somma fa {total}, non {value} né {fifteen}"
            " (per fare 15); può prendere {options}"
        ),
        "record.not_utf8": "il file non è testo UTF-8",
        "record.bad_json": "il file non è JSON valido (errore alla riga {line})",
        "record.bad_json_value": "il file non è JSON valido",
        "record.too_deep": "il file non è una partita: il suo JSON è annidato troppo",
        "record.not_object": "una partita deve essere un oggetto JSON",
        "record.no_format": 'manca il "format" (deve essere "{expected}")',
        "record.bad_format": 'il "format" deve essere "{expected}", non {found}',
        "record.no_rules": 'mancano le regole ("rules")',
        "record.bad_rules": "regole non valide: {reason}",
        "record.no_hands": 'manca la lista delle smazzate ("hands")',
        "record.after_end": "la partita era già finita prima di questa smazzata",
        "record.hand_unfinished": "questa smazzata non è finita, ma ne segue un'altra",
        "record.hand_not_object": "una smazzata deve essere un oggetto JSON",
        "record.bad_dealer": "il mazziere deve essere un posto da 0 a {last}",
        "record.wrong_dealer": (
            "il mazziere di questa smazzata deve essere il posto {dealer}, dopo il posto {previous}"
        ),
        "record.no_moves": 'alla smazzata manca la lista delle mosse ("moves")',
        "record.no_deck": 'alla smazzata manca il mazzo ("deck"): la lista delle sue 40 carte',
        "record.deck_not_card": "il mazzo contiene qualcosa che non è una carta: {reason}",
        "record.deck_twice": "{card} compare due volte nel mazzo",
        "record.deck_size": "il mazzo ha {count} carte, non 40",
        "record.hand_over": "la smazzata è già finita: non ci sono altre mosse",
        "record.wrong_player": "questa mossa spetta al posto {seat}, non a {found}",
        "record.illegal": "posto {seat}: {reason}",
        "session.settings_not_object": "le impostazioni devono essere un oggetto JSON",
        "session.bad_variants": "le varianti devono essere una lista tra {known}",
        "session.bad_level": "il livello deve essere uno tra {known}",
        "session.not_whole": "{key} deve essere un numero intero",
        "session.bad_first_dealer": "first_dealer deve essere un posto",
        "session.target_not_whole": "i punti per vincere devono essere un numero intero",
        "session.bad_seats": "seats deve elencare i {players} posti",
        "session.bad_seat_kind": (
            'ogni posto deve essere {{"kind": "person"}} o {{"kind": "computer"}}'
        ),
        "session.bad_name": "il nome di un posto deve essere un testo",
        "session.saved_not_object": "una partita salvata deve essere un oggetto JSON",
        "session.saved_invalid": "la partita salvata non è valida: {reason}",
        "session.hand_over": "ora non si può giocare nessuna carta: la smazzata è finita",
        "session.computer_turn": "tocca al computer (posto {seat})",
        "session.hidden": "le mani sono coperte: il prossimo giocatore deve prima scoprire la sua",
        "session.wrong_seat": "tocca al posto {seat}, non al posto {found}",
        "session.person_turn": "tocca a una persona (posto {seat})",
        "session.hand_not_over": "la smazzata non è ancora finita",
        "session.not_person": "si può mostrare solo la mano di una persona",
        "session.turn_of": "tocca al posto {seat}",
        "session.already_over": "la partita è già finita",
        "session.no_match": "nessuna partita è stata iniziata",
    },
}
#: A list of captures names this many, then "or another" (as the engine does).
OPTIONS_SHOWN = 6

DECKS = ("french", "neapolitan", "piacentine")
LEVELS = ("easy", "normal", "hard", "expert")
PRESETS = ("scopa", "scopa-3", "scopa-4", "scopa-6", "scopone", "scientifico", "trentino")
PLAYERS_OF_PRESET = {
    "scopa": 2,
    "scopa-3": 3,
    "scopa-4": 4,
    "scopa-6": 6,
    "scopone": 4,
    "scientifico": 4,
    "trentino": 4,
}
TOGGLE_VARIANTS = ("re-bello", "napola", "asso-piglia-tutto", "chiamarsi-fuori", "cappotto")
CAPTURE_VARIANTS = ("standard", "scopa-a-15", "quindici")


def is_card_code(value):
    """True for a card code such as "7D" (the engine's problems name cards so)."""
    return (
        isinstance(value, str)
        and len(value) == 2
        and value[0] in "A234567JQK"
        and value[1] in "DHSC"
    )


def browser_lang(navigator_language):
    text = str(navigator_language or "").lower()
    return "it" if text.startswith("it") else "en"


class I18n:
    def __init__(self, lang="en", deck="french"):
        self.lang = lang if lang in LANGS else "en"
        self.deck = deck if deck in DECKS else "french"

    def t(self, key, **values):
        table = STRINGS[self.lang]
        text = table.get(key)
        if text is None:
            text = STRINGS["en"].get(key, key)
        if values:
            try:
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def card(self, code):
        """Accessible name: '7 of coins' / '7 di denari' (suit names follow the deck)."""
        if not code or code == "back":
            return self.t("card.back")
        rank, suit = code[0], code[1]
        pack = "fr" if self.deck == "french" else "it"
        if rank == "Q":
            rank_name = self.t("rank.Q." + pack)
        elif rank in "AJK":
            rank_name = self.t("rank." + rank)
        else:
            rank_name = rank
        return self.t("card.of", rank=rank_name, suit=self.t("suit." + pack + "." + suit))

    def cards(self, codes):
        names = [self.card(c) for c in codes]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " " + self.t("and") + " " + names[-1]

    def error(self, reply):
        """An error reply's sentence in the page's language: the Italian of its
        code, or the engine's English when the page is English or the code unknown."""
        sentence = reply.get("error") or "?"
        if self.lang == "en":
            return sentence
        said = self.problem(reply.get("problem"))
        return said if said is not None else sentence

    def problem(self, problem):
        """An engine problem ({"code", "params"}) in the page's language, or None."""
        if not isinstance(problem, dict):
            return None
        template = PROBLEMS.get(self.lang, {}).get(problem.get("code"))
        params = problem.get("params")
        if template is None or not isinstance(params, dict):
            return None
        values = {}
        for name, value in params.items():
            shown = self.problem_param(name, value)
            if shown is None:
                return None
            values[name] = shown
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return None

    def problem_param(self, name, value):
        if isinstance(value, dict):
            return self.problem(value)
        if name == "options" and isinstance(value, list):
            shown = [self.card_set(option) for option in value[:OPTIONS_SHOWN]]
            more = self.t("problem.another") if len(value) > OPTIONS_SHOWN else ""
            return self.t("reason.or").join(shown) + more
        if name == "card":
            return self.card(value) if is_card_code(value) else str(value)
        if isinstance(value, list):
            return self.card_set(value)
        return str(value)

    def card_set(self, codes):
        if isinstance(codes, list) and all(is_card_code(c) for c in codes):
            return self.cards(codes)
        return str(codes)

    def reason(self, why):
        """A rejected capture, in the page's language, from the engine's reason."""
        if not why:
            return ""
        code = why.get("code")
        sep = self.t("reason.or")
        options = sep.join(self.cards(o) for o in why.get("options", [])[:4])
        values = {
            "card": self.card(why.get("card", "")),
            "take": self.cards(why.get("take", [])),
            "singles": sep.join(self.card(c) for c in why.get("singles", [])),
            "options": options,
        }
        if code in ("single_first", "no_sum", "ace"):
            return self.t("reason." + code, **values)
        return why.get("text", "")
